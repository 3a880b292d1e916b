/**
 * One cart per shop across its hosts, on PGlite and PostgreSQL: a buyer with a cart on the main
 * domain who adds more on the shop's custom domain ends with one cart holding both, after one round
 * trip through `/pay/enlazar` carrying single-use codes (never the token), and no open redirect.
 */
import { describe, expect, inject, it } from 'vitest';
import { setTxt } from '../../support/dns';
import { ApiClient, getWithHost, postFormWithHost } from '../../support/http';
import { openShop } from '../../support/shop';
import { claimServers } from '../../support/claims';

const servers = claimServers();
const dnsZone = inject('dnsZone');

/** `name=value` of each cookie a response sets, by name. */
function cookiesOf(headers: Record<string, string | string[] | undefined>): Map<string, string> {
  const lines = ([] as string[]).concat(headers['set-cookie'] ?? []);
  return new Map(lines.map((l) => l.split(';')[0]!.split('=') as [string, string]));
}
const header = (jar: Map<string, string>) =>
  [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

describe.each(servers)('a cart across a shop’s hosts on $kind', ({ url }) => {
  it('merges the custom domain’s cart into the main domain’s through one-time codes', async () => {
    const api = new ApiClient(url);
    const { token, user } = await api.register();
    const { product: taza, subdomain } = await openShop(api, token, { site: true });
    const jarro = (
      await api.post('/api/products/', { name: 'Jarro', price: 8990, published: true }, { token })
    ).body;
    const sites = (await api.get('/api/sites/', { token })).body.results;
    const domain = `www.${subdomain}.cl`;
    const set = await api.put(`/api/sites/${sites[0].id}/domain/`, { domain }, { token });
    setTxt(dnsZone, `_impulsa.${domain}`, [[set.body.txt.value]]);
    expect(
      (await api.post(`/api/sites/${sites[0].id}/domain/verify/`, undefined, { token })).body
        .status,
    ).toBe('verified');
    const main = new URL(url).host;

    // A cup in the cart on the main domain.
    const mainJar = new Map<string, string>();
    const addedMain = await postFormWithHost(url, main, `/pay?tienda=${user.id}&_action=cart.add`, {
      intent: 'add',
      product: String(taza.id),
      quantity: '1',
    });
    for (const [k, v] of cookiesOf(addedMain.headers)) mainJar.set(k, v);
    const mainToken = mainJar.get('impulsa_carro')!;

    // A jug on the custom domain: its own cookie, then the checkout sends it on the trip.
    const customJar = new Map<string, string>();
    const addedThere = await postFormWithHost(url, domain, '/pay?_action=cart.add', {
      intent: 'add',
      product: String(jarro.id),
      quantity: '2',
    });
    for (const [k, v] of cookiesOf(addedThere.headers)) customJar.set(k, v);
    expect(customJar.get('impulsa_carro')).not.toBe(mainToken);
    const checkout = await getWithHost(url, domain, String(addedThere.headers.location), {
      Cookie: header(customJar),
    });
    expect(checkout.status).toBe(303);
    expect(checkout.headers.location).toBe(
      `/pay/enlazar?destino=${encodeURIComponent(`/pay?agregado=${jarro.id}`)}`,
    );
    const start = await getWithHost(url, domain, String(checkout.headers.location), {
      Cookie: header(customJar),
    });
    const toMain = new URL(String(start.headers.location));
    expect(toMain.host).toBe(main);
    expect(start.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(start.headers['cache-control']).toBe('no-store');
    // A code, never the token, in the address.
    expect(toMain.searchParams.get('codigo')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(toMain.href).not.toContain(customJar.get('impulsa_carro')!);

    const middle = await getWithHost(url, main, toMain.pathname + toMain.search, {
      Cookie: header(mainJar),
    });
    const back = new URL(String(middle.headers.location));
    expect(back.host).toBe(domain);
    expect(back.pathname).toBe('/pay/enlazar');
    expect(back.href).not.toContain(mainToken);
    expect(cookiesOf(middle.headers).get('impulsa_carro_n')).toBe(`${user.id}-3`);

    const end = await getWithHost(url, domain, back.pathname + back.search, {
      Cookie: header(customJar),
    });
    expect(end.headers.location).toBe(`/pay?agregado=${jarro.id}`);
    for (const [k, v] of cookiesOf(end.headers)) customJar.set(k, v);
    expect(customJar.get('impulsa_carro')).toBe(mainToken);
    expect(customJar.get('impulsa_carro_enlazado')).toBe('1');
    const cart = await getWithHost(url, domain, `/pay?agregado=${jarro.id}`, {
      Cookie: header(customJar),
    });
    expect(cart.status).toBe(200);
    expect(cart.body).toContain('Taza de greda');
    expect(cart.body).toContain('Jarro');
    expect(cart.body).toContain('$30.970');

    // A code works once; a destination that is not one of our sites is not followed.
    const again = await getWithHost(url, domain, back.pathname + back.search, {});
    expect(cookiesOf(again.headers).has('impulsa_carro')).toBe(false);
    const evil = await getWithHost(
      url,
      main,
      `/pay/enlazar?destino=${encodeURIComponent('https://evil.example/pay')}`,
    );
    expect(evil.headers.location).toBe('/pay');
    const offPath = await getWithHost(
      url,
      domain,
      `/pay/enlazar?codigo=x&destino=${encodeURIComponent('//evil.example/pay')}`,
    );
    expect(offPath.headers.location).toBe('/pay');
  });
});
