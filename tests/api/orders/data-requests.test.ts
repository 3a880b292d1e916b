/**
 * A seller's «Solicitudes de datos» (issue 48, Ley 21.719), on PGlite and PostgreSQL: a buyer found
 * by e-mail or phone among the seller's own orders only (never another shop's), exported as JSON
 * and CSV, and anonymised without changing the figures.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient, postForm, uniqueEmail } from '../../support/http';
import { openShop } from '../../support/shop';
import { claimServers } from '../../support/claims';

const servers = claimServers();

describe.each(servers)('data requests on $kind', ({ url }) => {
  it('finds, exports and anonymises one buyer in my shop only; the figures stay', async () => {
    const api = new ApiClient(url);
    const [ana, bea] = [await api.register(), await api.register()];
    const shops = [
      await openShop(api, ana.token, { name: 'Cerámica Ana' }),
      await openShop(api, bea.token, { name: 'Tejidos Bea' }),
    ];
    const buyer = uniqueEmail('Compradora');
    const place = (product: number, email: string, phone: string) =>
      new ApiClient(url).post('/api/orders/', {
        items: [{ product, quantity: 1 }],
        buyer: { name: 'Camila Soto', email, phone },
        delivery: { method: 'retiro' },
        notes: '=HYPERLINK("http://malo.example")',
        payment_method: 'transferencia',
      });
    // The same buyer in both shops; another buyer in Ana's.
    for (const { product } of shops)
      expect((await place(product.id, buyer, '9 8765 4321')).status).toBe(201);
    expect((await place(shops[0]!.product.id, uniqueEmail('otra'), '9 1111 2222')).status).toBe(
      201,
    );
    const as = { token: ana.token, useCookies: false };
    const figuresBefore = (await api.get('/api/store/figures/?days=7', as)).body;

    const byEmail = await api.get(
      `/api/store/data-requests/?q=${encodeURIComponent(buyer.toUpperCase())}`,
      as,
    );
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.count).toBe(1);
    expect(byEmail.body.orders[0]).toMatchObject({
      buyer_name: 'Camila Soto',
      buyer_email: buyer.toLowerCase(),
      buyer_phone: '+56987654321',
      total: 12990,
      marketing_consent: false,
      items: [{ name: 'Taza de greda', quantity: 1, unit_price: 12990 }],
    });
    const byPhone = await api.get('/api/store/data-requests/?q=%2B56%209%208765%204321', as);
    expect(byPhone.body.count).toBe(1);
    expect((await api.get('/api/store/data-requests/?q=hola', as)).status).toBe(400);

    const csv = await fetch(
      `${url}/api/store/data-requests/export/?format=csv&q=${encodeURIComponent(buyer)}`,
      { headers: { Authorization: `Token ${ana.token}` } },
    );
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="datos-cliente-/);
    const raw = Buffer.from(await csv.arrayBuffer());
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.toString('utf8');
    expect(text.slice(1).startsWith('pedido;fecha;estado;total_clp;nombre;correo')).toBe(true);
    expect(text).toContain('Camila Soto');
    // A buyer's note never runs as a spreadsheet formula; the phone reads as typed, with no «'».
    expect(text).toContain(`"'=HYPERLINK(""http://malo.example"")"`);
    expect(text).toContain(';56 9 8765 4321;');
    // The time is Chile's, with its offset: what the seller hands over reads as her clock did.
    expect(text).toMatch(/;20\d\d-\d\d-\d\dT\d\d:\d\d:\d\d-0[34]:00;/);
    const json = await fetch(
      `${url}/api/store/data-requests/export/?format=json&q=${encodeURIComponent(buyer)}`,
      { headers: { Authorization: `Token ${ana.token}` } },
    );
    expect((await json.json()).orders).toHaveLength(1);

    const erased = await api.post('/api/store/data-requests/anonymise/', { q: buyer }, as);
    expect(erased.body).toEqual({ anonymised: 1 });
    expect((await api.get(`/api/store/data-requests/?q=${buyer}`, as)).body.count).toBe(0);
    const figuresAfter = (await api.get('/api/store/figures/?days=7', as)).body;
    expect(figuresAfter.totals).toEqual(figuresBefore.totals);
    // Bea's order of the same buyer is Bea's: untouched, and never in Ana's answers.
    const beas = await api.get(`/api/store/data-requests/?q=${buyer}`, {
      token: bea.token,
      useCookies: false,
    });
    expect(beas.body.count).toBe(1);
    expect(beas.body.orders[0].buyer_name).toBe('Camila Soto');
  });

  it('the page works without JavaScript: search, then erase with a confirmation', async () => {
    const api = new ApiClient(url);
    const seller = await api.register();
    const { product } = await openShop(api, seller.token);
    const buyer = uniqueEmail('pagina');
    await new ApiClient(url).post('/api/orders/', {
      items: [{ product: product.id, quantity: 1 }],
      buyer: { name: 'Pedro Pérez', email: buyer, phone: '9 8765 4321' },
      delivery: { method: 'retiro' },
      payment_method: 'transferencia',
    });
    const cookie = `impulsa_session=${seller.token}`;
    const page = await (
      await fetch(`${url}/solicitudes-de-datos?q=${encodeURIComponent(buyer)}`, {
        headers: { Cookie: cookie },
      })
    ).text();
    expect(page).toContain('1 pedido de Pedro Pérez');
    const unconfirmed = await postForm(
      url,
      '/solicitudes-de-datos?_action=orders.anonymiseBuyer',
      { q: buyer },
      cookie,
    );
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain('Confirma que la persona pidió borrar sus datos.');
    const done = await postForm(
      url,
      '/solicitudes-de-datos?_action=orders.anonymiseBuyer',
      { q: buyer, confirmo: 'si' },
      cookie,
    );
    expect(done.status).toBe(303);
    const after = await (
      await fetch(`${url}/solicitudes-de-datos?q=${encodeURIComponent(buyer)}`, {
        headers: { Cookie: cookie },
      })
    ).text();
    expect(after).toContain('No hay pedidos con datos de esa persona');
  });
});
