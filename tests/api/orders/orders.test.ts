/**
 * Orders through the API and the checkout's forms, on PGlite and PostgreSQL, against a local
 * server that speaks Webpay Plus's REST protocol: server prices (a client's are ignored), the
 * shop's delivery and payment methods, atomic stock (50 buyers at once for 10 units), Webpay
 * approve/reject/cancel/timeout with one commit per token however often the buyer returns,
 * the seller's moves (cancel restocks and refunds), mails, and ownership.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { until } from '../../support/until';
import { ApiClient, getWithHost, postFormWithHost, uniqueEmail } from '../../support/http';
import { PICKUP, setDelivery, SELLER_IDENTITY } from '../../support/shop';
import { waitForMail, decodedMail } from '../../support/smtp';
import { WEBPAY_API_KEY, WEBPAY_COMMERCE_CODE } from '../../support/webpay';
import { webpayBuyer } from '../../support/webpay-buyer';
import { claimServers } from '../../support/claims';

const servers = claimServers({ bothEngines: true });
const mailDir = inject('mailDir');
const webpayUrl = inject('webpayUrl');

/**
 * A seller with a shop that takes Webpay (their own account), transfers and WhatsApp, delivers
 * for $3.990, and some products.
 */
async function seller(
  url: string,
  store: Record<string, unknown> = {},
  delivery: Record<string, unknown> = { rest: { price: 3990 }, pickup_points: [PICKUP] },
) {
  const api = new ApiClient(url);
  const account = await api.register();
  const saved = await api.patch(
    '/api/store/',
    {
      ...SELLER_IDENTITY,
      name: 'Dulces Rosa',
      whatsapp: '+56912345678',
      transfer_details: 'Banco Estado, cuenta RUT 12.345.678-5, Rosa Pérez',
      version: 0,
      ...store,
    },
    { token: account.token },
  );
  const connected = await api.put(
    '/api/store/webpay/',
    {
      commerce_code: WEBPAY_COMMERCE_CODE,
      api_key: WEBPAY_API_KEY,
      environment: 'integration',
      version: saved.body.version,
    },
    { token: account.token },
  );
  expect(connected.status).toBe(200);
  await setDelivery(api, account.token, delivery);
  const product = async (body: Record<string, unknown>) =>
    (await api.post('/api/products/', { published: true, ...body }, { token: account.token })).body;
  return { api, token: account.token, email: account.user.email, product };
}

const buyer = { name: 'Camila Soto', email: uniqueEmail('camila'), phone: '9 8765 4321' };

const decoded = decodedMail;

/** A buyer with their own address (own rate-limit bucket). */
const order = (url: string, body: Record<string, unknown>) =>
  new ApiClient(url).post('/api/orders/', {
    buyer,
    delivery: { method: 'retiro' },
    payment_method: 'transferencia',
    ...body,
  });

const { atWebpay, backFromWebpay, webpayFormOf } = webpayBuyer(webpayUrl);

describe.each(servers)('orders on $kind', ({ url }) => {
  it('holds an unpaid transfer order’s stock as long as the seller says, 24 h by default', async () => {
    const shop = await seller(url);
    const store = (await shop.api.get('/api/store/', { token: shop.token })).body;
    expect(store.hold_hours).toBe(24);
    const refused = await shop.api.patch(
      '/api/store/',
      { hold_hours: 0, version: store.version },
      { token: shop.token },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors.hold_hours).toEqual(['Reserva el stock por al menos 1 hora.']);
    await shop.api.patch(
      '/api/store/',
      { hold_hours: 6, version: store.version },
      { token: shop.token },
    );
    const taza = await shop.product({ name: 'Taza', price: 5000, stock: 3 });
    const placed = await order(url, { items: [{ product: taza.id, quantity: 1 }] });
    const held = (await shop.api.get(`/api/orders/${placed.body.id}/`, { token: shop.token })).body;
    const hours = (Date.parse(held.expires_at) - Date.parse(held.created_at)) / 3_600_000;
    expect(hours).toBeCloseTo(6, 1);
  });

  it('lets one buyer hold unpaid only the shop’s share of a product’s stock, counted atomically', async () => {
    const shop = await seller(url);
    const store = (await shop.api.get('/api/store/', { token: shop.token })).body;
    expect(store.hold_share).toBe(50);
    const bad = await shop.api.patch(
      '/api/store/',
      { hold_share: 0, version: store.version },
      { token: shop.token },
    );
    expect(bad.body.errors.hold_share).toEqual(['Escribe un porcentaje entero, de 1 a 100.']);
    const vela = await shop.product({ name: 'Vela', price: 5000, stock: 4 });
    const lines = (quantity: number) => [{ product: vela.id, quantity }];
    const camila = new ApiClient(url);
    const place = (client: ApiClient, email: string, quantity: number, method = 'transferencia') =>
      client.post('/api/orders/', {
        buyer: { ...buyer, email },
        delivery: { method: 'retiro' },
        payment_method: method,
        items: lines(quantity),
      });
    const email = uniqueEmail('camila');

    // Two orders of 2 at once from one buyer: the share of 4 is 2, so exactly one is taken.
    const both = await Promise.all([place(camila, email, 2), place(camila, email, 2)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = both.find((r) => r.status === 409)!;
    expect(refused.body.errors.items).toEqual([
      'Puedes reservar hasta 2 unidades de «Vela» sin pagar. Paga tu pedido pendiente o compra con Webpay.',
    ]);
    // Another e-mail from the same address, or the same e-mail from elsewhere: still the same buyer.
    expect((await place(camila, uniqueEmail('otra'), 1)).status).toBe(409);
    expect((await place(new ApiClient(url), email.toUpperCase(), 1)).status).toBe(409);
    // Someone else may hold their own share; Webpay, paid at once, is not limited.
    expect((await place(new ApiClient(url), uniqueEmail('rosa'), 1)).status).toBe(201);
    expect((await place(camila, email, 1, 'webpay')).status).toBe(201);
    const product = (await shop.api.get(`/api/products/${vela.id}/`, { token: shop.token })).body;
    expect(product.stock).toBe(0);

    // The seller lets one buyer hold it all.
    const more = await shop.product({ name: 'Vela grande', price: 8000, stock: 3 });
    await shop.api.patch(
      '/api/store/',
      { hold_share: 100, version: store.version },
      { token: shop.token },
    );
    const all = await camila.post('/api/orders/', {
      buyer: { ...buyer, email },
      delivery: { method: 'retiro' },
      payment_method: 'transferencia',
      items: [{ product: more.id, quantity: 3 }],
    });
    expect(all.status).toBe(201);
  });

  describe('an order priced on the server', () => {
    let shop: Awaited<ReturnType<typeof seller>>;
    let torta: { id: number };
    let pan: { id: number };
    let hidden: { id: number };
    let placed: { status: number; body: any };
    const me = { ...buyer, email: uniqueEmail('camila') };
    const bad = async (body: Record<string, unknown>) =>
      (await order(url, { items: [{ product: pan.id, quantity: 1 }], ...body })).body;

    beforeAll(async () => {
      shop = await seller(url);
      torta = await shop.product({ name: 'Torta mil hojas', price: 10000, stock: 5 });
      pan = await shop.product({ name: 'Pan amasado', price: 2500 });
      hidden = await shop.product({ name: 'Borrador', price: 100, published: false });
    });

    it('charges the shop’s prices, whatever price or total the buyer sends, and holds the stock', async () => {
      placed = await order(url, {
        items: [
          { product: torta.id, quantity: 2, price: 1 },
          { product: pan.id, quantity: 1 },
        ],
        total: 1,
        buyer: me,
      });
      expect(placed.status).toBe(201);
      expect(placed.body).toMatchObject({ total: 22500, status: 'pendiente_pago' });
      expect(placed.body.number).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
      expect(placed.body.receipt_url).toMatch(/\/pay\/orden\/[A-Za-z0-9_-]{32}$/);
      const stored = await shop.api.get(`/api/products/${torta.id}/`, { token: shop.token });
      expect(stored.body.stock).toBe(3);
    });

    it('adds the delivery price to the buyer’s comuna', async () => {
      const shipped = await order(url, {
        items: [{ product: pan.id, quantity: 2 }],
        delivery: { method: 'despacho', address: 'Los Aromos 55', comuna: '13101' },
      });
      expect(shipped.body.total).toBe(5000 + 3990);
    });

    it.each([
      [
        'a gone product',
        () => ({ items: [{ product: 99999999, quantity: 1 }] }),
        'items',
        'Uno de los productos ya no existe.',
      ],
      [
        'an unpublished one',
        () => ({ items: [{ product: hidden.id, quantity: 1 }] }),
        'items',
        '«Borrador» ya no está a la venta.',
      ],
      [
        'no units',
        () => ({ items: [{ product: pan.id, quantity: 0 }] }),
        'items.0.quantity',
        'La cantidad mínima es 1.',
      ],
      [
        '100 units',
        () => ({ items: [{ product: pan.id, quantity: 100 }] }),
        'items.0.quantity',
        'Puedes pedir como máximo 99 unidades de cada producto.',
      ],
      ['no products', () => ({ items: [] }), 'items', 'Agrega al menos un producto.'],
      [
        'a delivery without address',
        () => ({ delivery: { method: 'despacho' } }),
        'delivery.address',
        'Escribe la dirección de despacho.',
      ],
      [
        'an unknown comuna',
        () => ({ delivery: { method: 'despacho', address: 'x', comuna: '99999' } }),
        'delivery.comuna',
        'Elige una comuna de la lista.',
      ],
      [
        'a bad phone',
        () => ({ buyer: { ...buyer, phone: '123' } }),
        'buyer.phone',
        'Escribe un teléfono chileno, por ejemplo +56 9 1234 5678.',
      ],
      [
        'a bad email',
        () => ({ buyer: { ...buyer, email: 'no' } }),
        'buyer.email',
        'Escribe un correo válido, por ejemplo nombre@correo.cl.',
      ],
      [
        'an unknown way to pay',
        () => ({ payment_method: 'efectivo' }),
        'payment_method',
        'Elige cómo pagar.',
      ],
    ] as const)('refuses %s in Spanish', async (_what, body, field, message) => {
      expect((await bad(body())).errors[field][0]).toBe(message);
    });

    it('refuses a malformed body with a 400', async () => {
      const malformed = await new ApiClient(url).request('POST', '/api/orders/', {
        raw: '{"items": [',
      });
      expect(malformed.status).toBe(400);
    });

    it('refuses two shops in one order, and a way to pay or deliver the shop lacks', async () => {
      const other = await seller(url, { transfer_details: '', whatsapp: null }, {});
      const vela = await other.product({ name: 'Vela de soya', price: 6990 });
      const mixed = await bad({
        items: [
          { product: pan.id, quantity: 1 },
          { product: vela.id, quantity: 1 },
        ],
      });
      expect(mixed.errors.items[0]).toBe(
        'Todos los productos de un pedido deben ser de la misma tienda.',
      );
      const transfer = await order(url, { items: [{ product: vela.id, quantity: 1 }] });
      expect(transfer.body.errors.payment_method[0]).toBe(
        'Esta tienda no recibe ese medio de pago.',
      );
      const shipped = await order(url, {
        items: [{ product: vela.id, quantity: 1 }],
        delivery: { method: 'despacho', address: 'x' },
        payment_method: 'webpay',
      });
      expect(shipped.body.errors['delivery.method'][0]).toBe(
        'Esta tienda no hace despachos: elige retiro.',
      );
    });

    it('sends a WhatsApp order to the seller’s chat, with the order’s own page', async () => {
      const chat = await order(url, {
        items: [{ product: pan.id, quantity: 3 }],
        payment_method: 'whatsapp',
      });
      expect(chat.body.whatsapp_url).toMatch(/^https:\/\/wa\.me\/56912345678\?text=/);
      const text = decodeURIComponent(chat.body.whatsapp_url);
      expect(text).toContain(`hice el pedido ${chat.body.number}`);
      expect(text).toContain(`Mi pedido: ${chat.body.receipt_url}`);
    });

    it('mails the buyer the transfer details and reference, and the seller the order', async () => {
      const mail = decoded(await waitForMail(mailDir, me.email));
      expect(mail).toContain('Banco Estado, cuenta RUT 12.345.678-5');
      expect(mail).toContain(`Usa ${placed.body.number} como referencia`);
      expect(decoded(await waitForMail(mailDir, shop.email))).toContain('Nuevo pedido');
    });

    it('shows the receipt only at its link, with no script and never kept', async () => {
      const receipt = await fetch(placed.body.receipt_url);
      expect(receipt.status).toBe(200);
      const html = await receipt.text();
      expect(html).toContain(placed.body.number);
      expect(html).toContain('Banco Estado, cuenta RUT 12.345.678-5');
      expect(html).not.toMatch(/<script(?! type="application\/ld\+json")/);
      expect(receipt.headers.get('cache-control')).toBe('no-store');
      expect((await fetch(`${url}/pay/orden/${'A'.repeat(32)}`)).status).toBe(404);
    });
  });

  it('gives the last units to exactly as many buyers as there are units, never below zero', async () => {
    const shop = await seller(url);
    const kuchen = await shop.product({ name: 'Kuchen de murta', price: 8990, stock: 10 });
    const results = await Promise.all(
      // Fifty different buyers (one buyer may hold only a share of the stock unpaid).
      Array.from({ length: 50 }, (_, i) =>
        order(url, {
          items: [{ product: kuchen.id, quantity: 1 }],
          buyer: { ...buyer, email: uniqueEmail(`b${i}`) },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(40);
    expect(refused[0]!.body.message).toBe('«Kuchen de murta» se agotó mientras comprabas.');
    expect(
      (await shop.api.get(`/api/products/${kuchen.id}/`, { token: shop.token })).body.stock,
    ).toBe(0);
    // Asking for more than is left says how many are.
    const cojin = await shop.product({ name: 'Cojín', price: 5000, stock: 2 });
    expect((await order(url, { items: [{ product: cojin.id, quantity: 3 }] })).body.message).toBe(
      'De «Cojín» quedan solo 2 unidades.',
    );
    // The seller cancels one: its unit goes back.
    const first = results.find((r) => r.status === 201)!.body;
    expect(
      (
        await shop.api.patch(
          `/api/orders/${first.id}/`,
          { status: 'cancelado' },
          { token: shop.token },
        )
      ).body,
    ).toMatchObject({ status: 'cancelado' });
    expect(
      (await shop.api.get(`/api/products/${kuchen.id}/`, { token: shop.token })).body.stock,
    ).toBe(1);
    expect(
      (
        await shop.api.patch(
          `/api/orders/${first.id}/`,
          { status: 'cancelado' },
          { token: shop.token },
        )
      ).status,
      // Cancelled again: a conflict with the order as it is, and nothing given back twice.
    ).toBe(409);
    expect(
      (await shop.api.get(`/api/products/${kuchen.id}/`, { token: shop.token })).body.stock,
    ).toBe(1);
  });

  describe('paid with Webpay', () => {
    let shop: Awaited<ReturnType<typeof seller>>;
    let taza: { id: number };
    let placed: { status: number; body: any };
    let form: Awaited<ReturnType<typeof webpayFormOf>>;
    let back: Response;
    let seen: any;
    const stock = async () =>
      (await shop.api.get(`/api/products/${taza.id}/`, { token: shop.token })).body.stock;
    const transaction = async () =>
      (await fetch(`${webpayUrl}/__debug/transactions/${form.token}`)).json();

    beforeAll(async () => {
      shop = await seller(url);
      taza = await shop.product({ name: 'Taza de greda', price: 12990, stock: 4 });
    });

    it('sends the buyer to Webpay’s form from the receipt, the units held', async () => {
      placed = await order(url, {
        items: [{ product: taza.id, quantity: 2 }],
        payment_method: 'webpay',
      });
      expect(placed.status).toBe(201);
      expect(placed.body.payment_url).toBe(`${placed.body.receipt_url}#pagar`);
      form = await webpayFormOf(placed.body.receipt_url);
      expect(form.action).toBe(`${webpayUrl}/webpayserver/initTransaction`);
      expect(form.csp).toContain(`form-action 'self' ${webpayUrl}`);
      expect(await stock()).toBe(2);
    });

    it('commits an approved payment once, however often the buyer returns', async () => {
      back = await backFromWebpay(await atWebpay(form.token!, 'approve'));
      expect(back.status).toBe(303);
      expect(back.headers.get('location')).toBe(new URL(placed.body.receipt_url).pathname);
      // The buyer reloads the return page, twice at once: nothing more is committed.
      const again = await Promise.all([
        fetch(back.url, { redirect: 'manual' }),
        fetch(back.url, { redirect: 'manual' }),
      ]);
      expect(again.map((r) => r.status)).toEqual([303, 303]);
      expect((await transaction()).commits).toBe(1);
    });

    it('thanks the buyer with the card’s last digits, and never shows the token', async () => {
      const paid = await fetch(placed.body.receipt_url).then((r) => r.text());
      expect(paid).toContain('¡Gracias por tu compra!');
      expect(paid).toContain('**** 6623');
      expect(paid).not.toContain('token_ws');
    });

    it('shows the seller a paid order with Webpay’s authorisation, and mails them', async () => {
      seen = (await shop.api.get(`/api/orders/${placed.body.id}/`, { token: shop.token })).body;
      expect(seen).toMatchObject({
        status: 'pagado',
        payment_method: 'webpay',
        total: 25980,
        webpay: { authorization_code: '1213', card_last_digits: '6623' },
      });
      expect(await stock()).toBe(2);
      expect(decoded(await waitForMail(mailDir, shop.email))).toContain('Nueva venta');
    });

    // The buyer reads what happened and what to do, never Webpay's code; their own «Anular» is a
    // cancellation, not a rejection.
    it.each([
      ['reject', 'Tu banco no autorizó el pago y no se hizo ningún cargo.', 'rechazado'],
      ['abort', 'Anulaste el pago en Webpay. No se hizo ningún cargo.', 'cancelado'],
      ['timeout', 'Se acabó el tiempo para pagar en Webpay. No se hizo ningún cargo.', 'rechazado'],
    ] as const)(
      'frees the unit when the payment ends in %s, saying why',
      async (action, reason, status) => {
        const attempt = await order(url, {
          items: [{ product: taza.id, quantity: 1 }],
          payment_method: 'webpay',
        });
        expect(await stock()).toBe(1);
        const { token } = await webpayFormOf(attempt.body.receipt_url);
        const returned = await backFromWebpay(await atWebpay(token!, action));
        expect(returned.status, action).toBe(303);
        const page = await fetch(attempt.body.receipt_url).then((r) => r.text());
        expect(page).toContain('El pago no se completó');
        expect(page).toContain(reason);
        expect(page).not.toContain('código');
        expect(page).toContain('Volver a intentar');
        expect(await stock()).toBe(2);
        const stored = await shop.api.get(`/api/orders/${attempt.body.id}/`, { token: shop.token });
        expect(stored.body.status).toBe(status);
      },
    );

    it('is a 404 for a return with a token nobody issued', async () => {
      const unknown = await fetch(`${url}/pay/return?token_ws=desconocido`, { redirect: 'manual' });
      expect(unknown.status).toBe(404);
    });

    it('refunds the payment at Webpay when the seller cancels, and the units come back', async () => {
      const cancelled = await shop.api.patch(
        `/api/orders/${placed.body.id}/`,
        { status: 'cancelado', version: seen.version },
        { token: shop.token },
      );
      expect(cancelled.body).toMatchObject({
        status: 'cancelado',
        reason: 'La tienda canceló la orden y reembolsó el pago.',
      });
      expect(await stock()).toBe(4);
      // The refund is the job the cancel enqueued: Webpay reverses the payment a moment later.
      expect(await until(transaction, (t) => t.status === 'REVERSED')).toMatchObject({
        status: 'REVERSED',
        refunds: 1,
      });
    });
  });

  it('lets only the seller see and move their orders, one step at a time', async () => {
    const shop = await seller(url);
    const pan = await shop.product({ name: 'Pan amasado', price: 2500 });
    const placed = (await order(url, { items: [{ product: pan.id, quantity: 4 }] })).body;
    const other = await seller(url);
    for (const [method, path] of [
      ['GET', `/api/orders/${placed.id}/`],
      ['PATCH', `/api/orders/${placed.id}/`],
    ] as const) {
      expect(
        (
          await other.api.request(method, path, {
            token: other.token,
            body: method === 'PATCH' ? { status: 'pagado' } : undefined,
          })
        ).status,
      ).toBe(404);
    }
    expect((await other.api.get('/api/orders/', { token: other.token })).body.count).toBe(0);
    expect((await new ApiClient(url).get('/api/orders/')).status).toBe(401);

    const list = await shop.api.get('/api/orders/?status=pendiente_pago', { token: shop.token });
    expect(list.body).toMatchObject({
      count: 1,
      results: [{ id: placed.id, number: placed.number, next_statuses: ['pagado', 'cancelado'] }],
    });
    expect((await shop.api.get('/api/orders/?status=nada', { token: shop.token })).status).toBe(
      400,
    );
    expect((await shop.api.get('/api/orders/?page=9', { token: shop.token })).status).toBe(404);
    expect(
      (
        await shop.api.patch(
          `/api/orders/${placed.id}/`,
          { status: 'enviado' },
          { token: shop.token },
        )
      ).body.message,
    ).toBe('Una orden «pendiente de pago» no puede pasar a «enviado».');
    let version = list.body.results[0].version;
    // A pickup order: prepared, then ready for pickup (a shipped one would be «enviado»).
    for (const status of ['pagado', 'preparando', 'listo_retiro', 'entregado']) {
      const moved = await shop.api.patch(
        `/api/orders/${placed.id}/`,
        { status, version },
        { token: shop.token },
      );
      expect(moved.body.status).toBe(status);
      version = moved.body.version;
    }
    expect(
      (
        await shop.api.patch(
          `/api/orders/${placed.id}/`,
          { status: 'cancelado', version: 1 },
          { token: shop.token },
        )
      ).status,
    ).toBe(409);
  });

  describe('through the checkout forms on a site host', () => {
    let shop: Awaited<ReturnType<typeof seller>>;
    let pan: { id: number; slug: string };
    let site: { id: number };
    let host: string;
    let subdomain: string;
    let cookie: string;
    let reloaded: string;
    // Each of the cart's forms posts to its action (`actions.cart`), named as its old intent.
    const post = (fields: Record<string, string>, withCookie = '') =>
      postFormWithHost(
        url,
        host,
        `/pay?_action=cart.${fields.intent}`,
        fields,
        withCookie ? { Cookie: withCookie } : {},
      );
    const checkout = {
      intent: 'checkout',
      'buyer.name': 'Camila Soto',
      'buyer.email': 'camila@ejemplo.cl',
      'buyer.phone': '+56 9 8765 4321',
      'delivery.method': 'despacho',
      'delivery.address': 'Los Aromos 55',
      'delivery.comuna': '13101',
      payment_method: 'transferencia',
      terms_accepted: 'si',
      total: '1',
    };

    beforeAll(async () => {
      shop = await seller(url);
      pan = await shop.product({ name: 'Pan amasado', price: 2500 });
      subdomain = `pan-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
      site = (
        await shop.api.post(
          '/api/sites/',
          { name: 'Panadería Rosa', subdomain, template: 'tienda' },
          { token: shop.token },
        )
      ).body;
      await shop.api.post(`/api/sites/${site.id}/publish/`, undefined, { token: shop.token });
      host = `${subdomain}.localhost`;
    });

    it('adds from the product page to a cart whose cookie is the checkout’s alone', async () => {
      const page = await getWithHost(url, host, `/shop/${pan.slug}`);
      expect(page.body).toContain('formaction="/pay?_action=cart.add"');
      const added = await post({ intent: 'add', product: String(pan.id), quantity: '2' });
      expect(added.status).toBe(303);
      expect(added.headers.location).toBe(`/pay?agregado=${pan.id}`);
      const setCookie = String(added.headers['set-cookie']);
      expect(setCookie).toMatch(
        /impulsa_carro=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/pay; HttpOnly; SameSite=Lax/,
      );
      cookie = setCookie.split(';')[0]!;
    });

    it('shows the cart in the site’s theme, saying what was added', async () => {
      const cart = await getWithHost(url, host, `/pay?agregado=${pan.id}`, { Cookie: cookie });
      expect(cart.body).toContain('Agregaste «Pan amasado» al carro.');
      expect(cart.body).toContain('$5.000');
      expect(cart.body).toContain('--site-primary');
    });

    it('refuses a bad submit with its errors, keeping every field across a reload', async () => {
      const refused = await post(
        {
          intent: 'checkout',
          'buyer.name': 'Camila Soto',
          'buyer.email': 'camila',
          'buyer.phone': '98765432',
          'delivery.method': 'despacho',
          'delivery.address': 'Los Aromos 55',
          payment_method: 'transferencia',
        },
        cookie,
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toContain('Escribe un correo válido, por ejemplo nombre@correo.cl.');
      expect(refused.body).toContain('Elige la comuna de despacho.');
      reloaded = (await getWithHost(url, host, '/pay', { Cookie: cookie })).body;
      expect(reloaded).toContain('value="Los Aromos 55"');
      expect(reloaded).toContain('value="camila"');
    });

    it('refuses a delivery price other than the one it showed, naming the real one', async () => {
      expect(reloaded).toContain('name="delivery.quote" value="3990"');
      const unseen = await post({ ...checkout, 'delivery.quote': '0' }, cookie);
      expect(unseen.status).toBe(400);
      expect(unseen.body).toContain(
        'El despacho a Santiago cuesta $3.990: revisa el total y confirma tu pedido.',
      );
    });

    it('places the order and shows its receipt on the site, not indexed', async () => {
      const placed = await post({ ...checkout, 'delivery.quote': '3990' }, cookie);
      expect(placed.status).toBe(303);
      const receipt = await getWithHost(url, host, String(placed.headers.location));
      expect(receipt.status).toBe(200);
      expect(receipt.body).toContain('$8.990');
      expect(receipt.body).toContain('Los Aromos 55, Santiago');
      expect(receipt.body).toContain('--site-primary');
      expect(receipt.body).toContain('<meta name="robots" content="noindex">');
    });

    it('empties the cart and gives the seller the order, tied to the site', async () => {
      expect((await getWithHost(url, host, '/pay', { Cookie: cookie })).body).toContain(
        'Tu carro está vacío.',
      );
      const orders = (await shop.api.get('/api/orders/', { token: shop.token })).body;
      expect(orders.results[0]).toMatchObject({
        site: site.id,
        total: 8990,
        delivery: { method: 'despacho', comuna: '13101', comuna_name: 'Santiago' },
      });
      expect(orders.results[0].receipt_url).toContain(`${subdomain}.localhost`);
    });

    it('ends a WhatsApp checkout on the receipt, whose button opens the seller’s chat', async () => {
      await post({ intent: 'add', product: String(pan.id), quantity: '1' }, cookie);
      const chat = await post(
        {
          intent: 'checkout',
          'buyer.name': 'Camila Soto',
          'buyer.email': 'camila@ejemplo.cl',
          'buyer.phone': '+56 9 8765 4321',
          'delivery.method': 'retiro',
          payment_method: 'whatsapp',
          terms_accepted: 'si',
        },
        cookie,
      );
      expect(chat.status).toBe(303);
      const receiptPath = String(chat.headers.location);
      expect(receiptPath).toMatch(/^\/pay\/orden\/[A-Za-z0-9_-]{32}#whatsapp$/);
      const chatReceipt = await getWithHost(url, host, receiptPath.split('#')[0]!);
      expect(chatReceipt.body).toContain('Enviar pedido por WhatsApp');
      const waLink = /href="(https:\/\/wa\.me\/56912345678\?text=[^"]+)"/.exec(
        chatReceipt.body,
      )?.[1];
      expect(decodeURIComponent(waLink!.replaceAll('&amp;', '&'))).toContain(
        `Mi pedido: http://${host}`,
      );
    });

    it('posts its forms nowhere but to itself', async () => {
      const pay = await getWithHost(url, host, '/pay', { Cookie: cookie });
      expect(String(pay.headers['content-security-policy'])).toContain("form-action 'self';");
    });
  });
});
