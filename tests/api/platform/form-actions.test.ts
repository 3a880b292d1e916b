/**
 * Forms as Astro Actions (issue 47): what a browser's post of /descuentos' actions gets back, and
 * what a malformed one gets. Each claim in its own test.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, postForm } from '../../support/http';
import { SELLER_IDENTITY } from '../../support/shop';
import { ACTION_NAMES } from '../../support/action-names';
import { claimServers } from '../../support/claims';

const servers = claimServers();

/** Forms anyone may post: the sign-in pages, the quick start, a buyer's cart and checkout, the analytics choice. */
const PUBLIC = /^(accounts\.|cart\.|formation\.quickStart$|privacy\.setAnalytics$|receipt\.)/;
/**
 * Forms that act on the caller's own things alone (create, their settings): another seller's post
 * may succeed, for them. Every other form names someone's row and must find nothing.
 */
const OWN = new RegExp(
  '^(' +
    [
      String.raw`accounts\.`,
      String.raw`cart\.`,
      String.raw`privacy\.`,
      String.raw`receipt\.`,
      String.raw`formation\.(quickStart|sellAsSeller)$`,
      String.raw`\w+\.create$`,
      String.raw`orders\.delivery$`,
      String.raw`shop\.(store|legal)$`,
      String.raw`webpay\.`,
      String.raw`(flow|mercadopago)\.(check|remove)$`,
      // A courier account is the caller's own, as a Webpay account is.
      String.raw`shipit\.`,
      String.raw`starken\.`,
      String.raw`chilexpress\.`,
      String.raw`shipping\.`,
      // The caller's own channel connection.
      String.raw`mercadolibre\.`,
      // An invitation from the caller's own shop; joining and switching are the caller's own.
      String.raw`team\.(invite|join|switch)$`,
    ].join('|') +
    ')',
);

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

  it('a quick action keeps the list’s filters: it posts with them and comes back to them', async () => {
    const api = new ApiClient(url);
    await api.patch('/api/store/', { ...SELLER_IDENTITY, name: 'Greda', version: 0 }, { token });
    const made = await api.post('/api/products/', { name: 'Taza', price: 9990 }, { token });
    const html = await fetch(`${url}/productos?q=taza`, {
      headers: { Cookie: `impulsa_session=${token}` },
    }).then((r) => r.text());
    const action = /<form[^>]*action="([^"]*shop\.duplicate)"/.exec(html)?.[1];
    expect(action).toBe('/productos?q=taza&amp;_action=shop.duplicate');
    const res = await postForm(
      url,
      '/productos?q=taza&_action=shop.duplicate',
      { id: String(made.body.id) },
      `impulsa_session=${token}`,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/productos?q=taza');
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

  it('every action: another seller changes nothing (4xx), signed out is 401, nothing answers 5xx', async () => {
    expect(ACTION_NAMES.length).toBeGreaterThan(10);
    const api = new ApiClient(url);
    const owner = await api.register();
    const other = await api.register();
    const as = { token: owner.token };
    const site = (
      await api.post(
        '/api/sites/',
        { name: 'Greda', subdomain: `greda-${Date.now().toString(36)}`, template: 'tienda' },
        as,
      )
    ).body;
    const pages = (await api.get(`/api/sites/${site.id}/pages/`, as)).body.results;
    const discount = (
      await api.post('/api/discounts/', { code: 'AJENO-10', kind: 'percent', value: 10 }, as)
    ).body;
    // The owner's ids in every field an action reads, plus what a version needs.
    const body = new URLSearchParams({
      site: String(site.id),
      page: String(pages[0].id),
      id: String(discount.id),
      version: '1',
      company: '1',
      job: '1',
      domain: 'www.ajeno.cl',
      status: 'en-revision',
    });
    const failures: string[] = [];
    for (const name of ACTION_NAMES)
      for (const [who, token] of [
        ['other', other.token],
        ['anonymous', null],
      ] as const) {
        const res = await fetch(`${url}/_actions/${name}`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            Origin: url,
            ...(token ? { Cookie: `impulsa_session=${token}` } : {}),
          },
          body,
        });
        await res.arrayBuffer();
        const { status } = res;
        const refused = status >= 400 && status < 500;
        const expected =
          who === 'anonymous'
            ? PUBLIC.test(name)
              ? refused
              : status === 401
            : OWN.test(name)
              ? status < 500
              : refused;
        if (!expected) failures.push(`${name} as ${who}: ${res.status}`);
      }
    expect(failures).toEqual([]);
    // And the owner's things are as they were.
    expect((await api.get(`/api/sites/${site.id}/`, as)).status).toBe(200);
    expect((await api.get(`/api/discounts/${discount.id}/`, as)).body.active).toBe(true);
  });
});
