/**
 * Deleting an account (issue 48, Ley 21.719), on PGlite and PostgreSQL: it takes the password (a
 * wrong one changes nothing), ends every session at once (a concurrent request with the old one is a
 * 401), takes the shop and the site offline (404), frees the e-mail, and keeps the sales as records
 * with the buyers' personal fields gone.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient, getWithHost, postForm, uniqueEmail } from '../../support/http';
import { openShop } from '../../support/shop';
import { claimServers } from '../../support/claims';

const servers = claimServers({ bothEngines: true });

/** A seller with a published product and site, and one order from a buyer. */
async function sellerWithASale(url: string) {
  const api = new ApiClient(url);
  const seller = await api.register({ email: uniqueEmail('se-va') });
  const { product, subdomain } = await openShop(api, seller.token, { site: true });
  const order = await new ApiClient(url).post('/api/orders/', {
    items: [{ product: product.id, quantity: 2 }],
    buyer: { name: 'Camila Soto', email: uniqueEmail('compradora'), phone: '9 8765 4321' },
    delivery: { method: 'retiro' },
    payment_method: 'transferencia',
  });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  return { api, seller, product, subdomain: subdomain!, order: order.body };
}

describe.each(servers)('deleting an account on $kind', ({ url }) => {
  it('a wrong or missing password deletes nothing', async () => {
    const { api, seller, product } = await sellerWithASale(url);
    const as = { token: seller.token, useCookies: false };
    for (const body of [{ password: 'no-es-esta' }, {}]) {
      const res = await api.request('DELETE', '/api/users/me/', { ...as, body });
      expect(res.status).toBe(400);
      expect(res.body.errors.password).toEqual(['La contraseña no es correcta.']);
    }
    expect((await api.get('/api/users/me/', as)).status).toBe(200);
    expect((await fetch(`${url}/shop/${product.id}`)).status).toBe(200);
  });

  it('erases the person: sessions end, shop and site go offline, the e-mail is free again', async () => {
    const { api, seller, product, subdomain, order } = await sellerWithASale(url);
    const as = { token: seller.token, useCookies: false };
    // Cached copies exist before the deletion: they must go too.
    expect((await fetch(`${url}/shop/${product.id}`)).status).toBe(200);
    expect((await getWithHost(url, `${subdomain}.localhost`, '/')).status).toBe(200);
    const res = await api.request('DELETE', '/api/users/me/', {
      ...as,
      body: { password: seller.password },
    });
    expect(res.status).toBe(204);
    expect((await api.get('/api/users/me/', as)).status).toBe(401);
    expect((await fetch(`${url}/shop/${product.id}`)).status).toBe(404);
    expect((await getWithHost(url, `${subdomain}.localhost`, '/')).status).toBe(404);
    expect((await fetch(`${url}/tienda/${seller.user.id}/terminos`)).status).toBe(404);
    // The sale stays a record: its receipt still opens, without the buyer's name.
    const receipt = await fetch(new URL(order.receipt_url, url));
    expect(receipt.status).toBe(200);
    const text = await receipt.text();
    expect(text).toContain(order.number);
    expect(text).not.toContain('Camila Soto');
    // The shop is gone: no tombstone for a name, no address that receives no mail; who sold it stays.
    expect(text).not.toContain('Cuenta eliminada');
    expect(text).not.toContain('cuentas.impulsa.invalid');
    expect(text).toContain('Esta tienda cerró su cuenta en Impulsa.');
    expect(text).toContain('Rosa Muñoz Pérez');
    const signIn = await new ApiClient(url).post('/api/users/login/', {
      email: seller.user.email,
      password: seller.password,
    });
    expect(signIn.status).toBe(400);
    const again = await new ApiClient(url).register({ email: seller.user.email });
    expect(again.user.id).not.toBe(seller.user.id);
    // The new account starts empty: nothing of the old one is reachable.
    const orders = await api.get('/api/orders/', { token: again.token, useCookies: false });
    expect(orders.body.count).toBe(0);
  });

  it('two deletions at once with one session: one succeeds, the other and all later are 401', async () => {
    const { api, seller } = await sellerWithASale(url);
    const body = { password: seller.password };
    const answers = await Promise.all(
      [0, 1].map(() =>
        api.request('DELETE', '/api/users/me/', { token: seller.token, useCookies: false, body }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([204, 401]);
    const later = await api.patch(
      '/api/users/me/',
      { full_name: 'Volví' },
      { token: seller.token, useCookies: false },
    );
    expect(later.status).toBe(401);
  });

  it('the form in /perfil works without JavaScript and signs the browser out', async () => {
    const api = new ApiClient(url);
    const { token, password } = await api.register();
    const session = `impulsa_session=${token}`;
    const page = await (await fetch(`${url}/perfil`, { headers: { Cookie: session } })).text();
    expect(page).toContain('Eliminar mi cuenta para siempre');
    const wrong = await postForm(
      url,
      '/perfil?_action=accounts.deleteAccount',
      { password: 'otra' },
      session,
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('La contraseña no es correcta.');
    const done = await postForm(
      url,
      '/perfil?_action=accounts.deleteAccount',
      { password },
      session,
    );
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/');
    expect(done.headers.getSetCookie().join('\n')).toMatch(
      /impulsa_session=deleted;.*Expires=Thu, 01 Jan 1970/i,
    );
    expect((await api.get('/api/users/me/', { token, useCookies: false })).status).toBe(401);
  });
});
