/**
 * Forms as Astro Actions (issue 47): what a browser's post of /descuentos' actions gets back, and
 * what a malformed one gets. Each claim in its own test.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../../support/http';

const servers = inject('servers');

describe.each(servers)('form actions on $kind', ({ url }) => {
  let token: string;
  const send = (action: string, body: BodyInit, type = 'application/x-www-form-urlencoded') =>
    fetch(`${url}/descuentos?_action=${action}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': type, Origin: url, Cookie: `impulsa_session=${token}` },
      body,
    });
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);

  beforeAll(async () => {
    ({ token } = await new ApiClient(url).register());
  });

  it('a valid create answers 303 to the list', async () => {
    const res = await send(
      'discounts.create',
      form({ code: 'OTONO-5', kind: 'percent', value: '5' }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/descuentos');
  });

  it('a refused create renders 400 with the Spanish field message and what was typed', async () => {
    const res = await send(
      'discounts.create',
      form({ code: 'INVIERNO-20', kind: 'percent', value: '120' }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Un porcentaje va de 1 a 100.');
    expect(html).toMatch(/name="code"[^>]*value="INVIERNO-20"|value="INVIERNO-20"[^>]*name="code"/);
  });

  it('a row that is not the seller’s answers 404 with the Spanish message', async () => {
    const res = await send('discounts.delete', form({ id: '999999' }));
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Ese código no existe.');
  });

  it('a JSON body to a form action is a 415 with a Spanish message, never a 500', async () => {
    const res = await send('discounts.create', JSON.stringify({ code: 'X' }), 'application/json');
    expect(res.status).toBe(415);
    expect(await res.text()).toContain('No pudimos leer el formulario enviado.');
  });

  it('a NUL in a field is a 400', async () => {
    const res = await send(
      'discounts.create',
      form({ code: 'A\u0000B', kind: 'percent', value: '5' }),
    );
    expect(res.status).toBe(400);
  });

  it('an unknown action is a 4xx and runs nothing', async () => {
    const res = await send('discounts.drop', form({ id: '1' }));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('signed out, an action called as RPC answers 401', async () => {
    const res = await fetch(`${url}/_actions/discounts.delete`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: url },
      body: form({ id: '1' }),
    });
    expect(res.status).toBe(401);
  });
});
