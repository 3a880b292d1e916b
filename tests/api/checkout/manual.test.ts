/**
 * Orders the seller takes (`POST /api/orders/manual/`, issue 51), on PGlite and PostgreSQL: stock
 * held as any unpaid order holds it, a receipt link the buyer opens and a WhatsApp message to send
 * it, the zone's delivery price or the seller's own with its reason, «Venta en persona» paid at
 * once, and only the seller's own products.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, uniqueEmail } from '../../support/http';
import fs from 'node:fs';
import path from 'node:path';
import { until } from '../../support/until';
import { openFacturaAt } from '../../support/openfactura';
import { COMPANY_IDENTITY, openShop, setDelivery } from '../../support/shop';
import { decodedMail, waitForMailWith } from '../../support/smtp';
import { claimServers } from '../../support/claims';

const servers = claimServers();
const mailDir = inject('mailDir');
const openfactura = openFacturaAt(inject('openfacturaUrl'));
const NUNOA = '13120';

describe.each(servers)('orders the seller takes on $kind', ({ url }) => {
  let api: ApiClient;
  let as: { token: string };
  let productId: number;
  const buyer = () => ({
    name: 'Camila Soto',
    email: uniqueEmail('camila'),
    phone: '9 8765 4321',
  });
  const stock = async () => (await api.get(`/api/products/${productId}/`, as)).body.stock;
  const manual = (body: Record<string, unknown>, token = as.token) =>
    api.post('/api/orders/manual/', body, { token });

  beforeAll(async () => {
    api = new ApiClient(url);
    const { token } = await api.register();
    as = { token };
    const { product } = await openShop(api, token, { product: { stock: 10, price: 12990 } });
    productId = product.id;
    await setDelivery(api, token, { rest: { price: '4.990', days: '2' } });
  });

  it('holds the stock and gives a receipt link and a WhatsApp message for the buyer', async () => {
    const before = await stock();
    const made = await manual({
      items: [{ product: productId, quantity: 2 }],
      buyer: buyer(),
      delivery: { method: 'retiro' },
    });
    expect(made.status).toBe(201);
    expect(made.body.order).toMatchObject({
      status: 'pendiente_pago',
      payment_method: 'transferencia',
      total: 25980,
    });
    expect(await stock()).toBe(before - 2);
    const receipt = await fetch(made.body.receipt_url);
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toContain(made.body.order.number);
    const text = decodeURIComponent(made.body.whatsapp_url.split('?text=')[1]);
    expect(made.body.whatsapp_url).toMatch(/^https:\/\/wa\.me\/56987654321\?text=/);
    expect(text).toContain(made.body.receipt_url);
  });

  it('marks a sale in person paid at once, and the buyer’s mail says so', async () => {
    const who = buyer();
    const made = await manual({
      items: [{ product: productId, quantity: 1 }],
      buyer: who,
      delivery: { method: 'retiro' },
      in_person: 'efectivo',
    });
    expect(made.status).toBe(201);
    // Paid and handed over at once.
    expect(made.body.order).toMatchObject({ status: 'entregado', payment_method: 'en_persona' });
    const order = (await api.get(`/api/orders/${made.body.order.id}/`, as)).body;
    expect(JSON.stringify(order.timeline)).toContain('Venta en persona: efectivo.');
    const mail = await waitForMailWith(mailDir, who.email, made.body.order.number, decodedMail);
    expect(mail).toContain('Pagaste $12.990 en persona.');
  });

  it('prices the delivery by zone, or as the seller says with a reason', async () => {
    const delivery = { method: 'despacho', address: 'Irarrázaval 100', comuna: NUNOA };
    const zone = await manual({
      items: [{ product: productId, quantity: 1 }],
      buyer: buyer(),
      delivery,
    });
    expect(zone.body.order.delivery.price).toBe(4990);
    const own = await manual({
      items: [{ product: productId, quantity: 1 }],
      buyer: buyer(),
      delivery,
      delivery_price: '1.000',
      delivery_reason: 'Lo llevo yo de pasada',
    });
    expect(own.body.order).toMatchObject({ total: 13990, delivery: { price: 1000 } });
    // The reason is the seller's own: on her order, never on the buyer's receipt.
    expect(own.body.order.seller_note).toContain('Lo llevo yo de pasada');
    expect(own.body.order.notes).toBeNull();
    const receipt = await (await fetch(own.body.receipt_url)).text();
    expect(receipt).not.toContain('Lo llevo yo de pasada');
    expect(receipt).not.toContain('Tu nota');
    const unexplained = await manual({
      items: [{ product: productId, quantity: 1 }],
      buyer: buyer(),
      delivery,
      delivery_price: 0,
    });
    expect(unexplained.status).toBe(400);
    expect(unexplained.body.errors.delivery_reason).toEqual([
      'Di por qué el despacho cuesta distinto a lo de tu zona.',
    ]);
  });

  it('keeps the seller’s note private: never «Tu nota» on the receipt', async () => {
    const made = await manual({
      items: [{ product: productId, quantity: 1 }],
      buyer: buyer(),
      delivery: { method: 'retiro' },
      notes: 'Clienta de la feria, paga el viernes',
    });
    expect(made.body.order).toMatchObject({
      notes: null,
      seller_note: 'Clienta de la feria, paga el viernes',
    });
    const receipt = await (await fetch(made.body.receipt_url)).text();
    expect(receipt).not.toContain('paga el viernes');
  });

  it('takes the agreed delivery price in a shop without delivery zones', async () => {
    const seller = await api.register();
    const { product } = await openShop(api, seller.token, { product: { stock: 3 } });
    const made = await manual(
      {
        items: [{ product: product.id, quantity: 1 }],
        buyer: buyer(),
        delivery: { method: 'despacho', address: 'Irarrázaval 100', comuna: NUNOA },
        delivery_price: '2.500',
        delivery_reason: 'Lo envío por Uber',
      },
      seller.token,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.order.delivery).toMatchObject({ price: 2500, comuna: NUNOA });
    // Without a price of her own, a shop with no zones still cannot quote one.
    const unpriced = await manual(
      {
        items: [{ product: product.id, quantity: 1 }],
        buyer: buyer(),
        delivery: { method: 'despacho', address: 'Irarrázaval 100', comuna: NUNOA },
      },
      seller.token,
    );
    expect(unpriced.status).toBe(400);
  });

  it('a counter sale with only products and how she was paid: entregado, its boleta, no mail', async () => {
    const seller = await api.register();
    const own = { token: seller.token };
    const { product } = await openShop(api, seller.token, {
      identity: COMPANY_IDENTITY,
      product: { stock: 4, price: 2500 },
    });
    const taxpayer = await openfactura.taxpayer();
    await api.put(
      '/api/store/invoicing/',
      { api_key: taxpayer.apikey, environment: 'demo', version: 0 },
      own,
    );
    // One post of the form: the products and «Venta en persona: efectivo», nothing else.
    const posted = await manual(
      { items: [{ product: product.id, quantity: 2 }], in_person: 'efectivo' },
      seller.token,
    );
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(posted.body.order).toMatchObject({
      status: 'entregado',
      payment_method: 'en_persona',
      total: 5000,
      buyer: { name: 'Cliente', email: '', phone: '' },
    });
    expect(posted.body.whatsapp_url).toBeNull();
    const done = await until(
      () => api.get(`/api/orders/${posted.body.order.id}/`, own).then((r) => r.body),
      (o) => o.tax_document?.status === 'emitida',
    );
    expect(done.tax_document).toMatchObject({ type: 39, status: 'emitida' });
    expect(done.timeline.map((e: { status: string }) => e.status)).toEqual([
      'recibido',
      'pagado',
      'entregado',
      'documento',
    ]);
    expect((await api.get(`/api/products/${product.id}/`, own)).body.stock).toBe(2);
    // Her own sale: no «Nueva venta» for her, and no mail to nobody.
    await new Promise((r) => setTimeout(r, 1000));
    const mails = fs
      .readdirSync(mailDir)
      .map((f) => fs.readFileSync(path.join(mailDir, f), 'utf8'));
    expect(mails.filter((m) => m.includes(posted.body.order.number))).toEqual([]);
    // The receipt reads as a sale, not as an order to pick up.
    const receipt = await (await fetch(posted.body.receipt_url)).text();
    expect(receipt).toContain('Te lo llevaste al momento de la compra');
    expect(receipt).not.toContain('te contactará');
    // A sale with no contact is no customer.
    expect((await api.get('/api/store/customers/', own)).body.count).toBe(0);
  });

  it('an order that waits for its payment still needs the client’s details, said to the seller', async () => {
    const made = await manual({
      items: [{ product: productId, quantity: 1 }],
      delivery: { method: 'retiro' },
    });
    expect(made.status).toBe(400);
    expect(made.body.errors).toMatchObject({
      'buyer.name': ['Escribe el nombre de tu cliente.'],
      'buyer.email': ['Escribe el correo de tu cliente: ahí le llega el enlace de su pedido.'],
      'buyer.phone': ['Escribe el teléfono de tu cliente.'],
    });
  });

  it('takes only the seller’s own products, and only from the seller', async () => {
    const other = await new ApiClient(url).register();
    const body = {
      items: [{ product: productId, quantity: 1 }],
      buyer: buyer(),
      delivery: { method: 'retiro' },
    };
    expect((await manual(body, other.token)).status).toBe(404);
    expect((await new ApiClient(url).post('/api/orders/manual/', body)).status).toBe(401);
    // A buyer cannot say they paid in person.
    const placed = await new ApiClient(url).post('/api/orders/', {
      ...body,
      payment_method: 'en_persona',
    });
    expect(placed.status).toBe(400);
  });
});
