/** The quick start posted without JavaScript, and applied by the formation page on the server. */
import { describe, expect, it } from 'vitest';
import { ApiClient, postForm } from '../../support/http';
import { claimServers } from '../../support/claims';

const servers = claimServers();

/** The `name=value` of a Set-Cookie header. */
const pair = (setCookie: string) => setCookie.split(';')[0]!;

/** The quick start's form posts to `/` with its action (`src/actions/formation.ts`). */
const QUICK_START = '/?_action=formation.quickStart';
describe.each(servers)('quick start on $kind', ({ url }) => {
  it('POST / without the type: a 400 page that keeps the name and asks in Spanish; nothing stored', async () => {
    const res = await postForm(url, QUICK_START, { companyName: 'Panadería Las Rosas' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('value="Panadería Las Rosas"');
    expect(html).toContain('Escribe el nombre y elige el tipo para continuar.');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('impulsa_quickstart='))).toBe(false);
    expect((await postForm(url, QUICK_START, { companyName: '   ', type: 'spa' })).status).toBe(
      400,
    );
    expect((await postForm(url, QUICK_START, { companyName: 'x', type: 'sa' })).status).toBe(400);
  });

  it('POST / with both: the company in its cookie; the step page applies it once to the draft', async () => {
    const res = await postForm(url, QUICK_START, {
      companyName: '  Cerámica Los Andes ',
      type: 'eirl',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/modelo-de-negocio/eirl');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('impulsa_quickstart='))!;
    expect(
      JSON.parse(decodeURIComponent(pair(cookie).slice('impulsa_quickstart='.length))),
    ).toEqual({ name: 'Cerámica Los Andes', type: 'eirl' });

    const api = new ApiClient(url);
    const { token } = await api.register();
    // Another type's page leaves it pending.
    const other = await fetch(`${url}/modelo-de-negocio/spa/01-nombra-tu-empresa`, {
      headers: { Cookie: `${pair(cookie)}; impulsa_session=${token}` },
    });
    expect(other.status).toBe(200);
    expect(other.headers.getSetCookie().some((c) => c.startsWith('impulsa_quickstart='))).toBe(
      false,
    );

    const step = await fetch(`${url}/modelo-de-negocio/eirl/01-nombra-tu-empresa`, {
      headers: { Cookie: `${pair(cookie)}; impulsa_session=${token}` },
    });
    expect(step.status).toBe(200);
    expect(await step.text()).toContain('value="Cerámica Los Andes"');
    expect(
      step.headers
        .getSetCookie()
        .some(
          (c) =>
            c.startsWith('impulsa_quickstart=') && /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c),
        ),
    ).toBe(true);
    const draft = await api.request('GET', '/api/companies/drafts/eirl/', { token });
    expect(draft.body.data.companyName).toBe('Cerámica Los Andes');
    expect(draft.body.data.capital).toBe('$1.000.000');
    expect(draft.body.version).toBe(1);
  });
});
