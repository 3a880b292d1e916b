/**
 * Without an invoicing provider (issue 49): the seller emits the boleta in the SII's own system and
 * records its folio on the order. Only a paid order takes one, once; the dashboard and the order
 * book count paid orders still without one; another seller's order is a 404; a document the
 * provider emitted is never recorded over, one it refused may be (and its seller is told once).
 * On both engines.
 */
import { describe, expect, inject, it } from 'vitest';
import { ApiClient, uniqueEmail } from '../../support/http';
import { openFacturaAt } from '../../support/openfactura';
import { COMPANY_IDENTITY, openShop } from '../../support/shop';
import { decodedMail, waitForMailWith } from '../../support/smtp';
import { claimServers } from '../../support/claims';

const servers = claimServers();
const openfactura = openFacturaAt(inject('openfacturaUrl'));
const mailDir = inject('mailDir');

async function paidOrder(url: string, api: ApiClient, token: string, product: number) {
  const placed = await new ApiClient(url).post('/api/orders/', {
    items: [{ product, quantity: 1 }],
    buyer: { name: 'Camila Soto', email: uniqueEmail('sii'), phone: '9 8765 4321' },
    delivery: { method: 'retiro' },
    payment_method: 'transferencia',
  });
  expect(placed.status).toBe(201);
  return placed.body as { id: number; number: string };
}

/** A seller with a product and OpenFactura connected. */
async function connectedShop(url: string) {
  const api = new ApiClient(url);
  const seller = await api.register();
  const as = { token: seller.token };
  const { product } = await openShop(api, seller.token, {
    identity: COMPANY_IDENTITY,
    product: { price: 12990 },
  });
  const taxpayer = await openfactura.taxpayer('Greda del Sur SpA');
  await api.put(
    '/api/store/invoicing/',
    { api_key: taxpayer.apikey, environment: 'demo', version: 0 },
    as,
  );
  return { api, seller, as, product, taxpayer };
}

/** The order's document once the job has settled it (emitted or refused). */
async function documentOnceSettled(api: ApiClient, token: string, id: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const document = (await api.get(`/api/orders/${id}/`, { token })).body.tax_document;
    if (['emitida', 'fallida'].includes(document?.status) || Date.now() > deadline) return document;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.each(servers)('boletas emitted in the SII on $kind', ({ url }) => {
  it('records the folio of a paid order once, and the counts follow', async () => {
    const api = new ApiClient(url);
    const seller = await api.register();
    const as = { token: seller.token };
    const { product } = await openShop(api, seller.token, {
      identity: COMPANY_IDENTITY,
      product: { price: 12990 },
    });
    const order = await paidOrder(url, api, seller.token, product.id);
    const record = (folio: unknown, token = seller.token) =>
      api.post(`/api/orders/${order.id}/documento/`, { folio }, { token });

    expect((await record(4321)).body).toMatchObject({
      message: 'Solo una orden pagada y no cancelada lleva boleta.',
    });
    await api.patch(`/api/orders/${order.id}/`, { status: 'pagado' }, as);
    const dashboard = async () =>
      (await api.get('/dashboard', { headers: { Cookie: `impulsa_session=${seller.token}` } }))
        .body as string;
    expect(await dashboard()).toContain('1 venta pagada sin boleta');
    const waiting = await api.get('/api/orders/?documento=sin', as);
    expect(waiting.body.results.map((o: { id: number }) => o.id)).toEqual([order.id]);
    expect((await api.get('/api/orders/?documento=todo', as)).status).toBe(400);

    const typo = await record('cuatro');
    expect(typo.status).toBe(400);
    expect(typo.body.errors.folio).toEqual([
      'Escribe el folio: el número que el SII le dio a la boleta.',
    ]);
    const other = await new ApiClient(url).register();
    expect((await record(4321, other.token)).status).toBe(404);

    const recorded = await record(4321);
    expect(recorded.status).toBe(201);
    expect(recorded.body).toEqual({
      type: 39,
      type_label: 'Boleta electrónica',
      folio: 4321,
      status: 'emitida',
      error: null,
      pdf_url: null,
      issued_at: expect.any(String),
      by_hand: true,
    });
    const again = await record(4322);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Esta orden ya tiene su boleta electrónica N° 4321.');
    const detail = (await api.get(`/api/orders/${order.id}/`, as)).body;
    expect(detail.timeline.map((e: { label: string }) => e.label)).toContain(
      'Boleta electrónica N° 4321 registrada (emitida en el SII)',
    );
    expect((await api.get('/api/orders/?documento=sin', as)).body.results).toEqual([]);
    expect(await dashboard()).not.toContain('sin boleta');
    // Nothing to download: the SII holds it.
    expect(
      (
        await fetch(`${url}/api/orders/${order.id}/documento/`, {
          headers: { Authorization: `Token ${seller.token}` },
        })
      ).status,
    ).toBe(404);
  });

  it('never records over a document the provider emitted', async () => {
    const { api, seller, as, product, taxpayer } = await connectedShop(url);
    const order = await paidOrder(url, api, seller.token, product.id);
    await api.patch(`/api/orders/${order.id}/`, { status: 'pagado' }, as);
    const document = await documentOnceSettled(api, seller.token, order.id);
    const refused = await api.post(`/api/orders/${order.id}/documento/`, { folio: 9 }, as);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Esta orden ya tiene su boleta electrónica N° ${document.folio}.`,
    );
    expect(await openfactura.documents(taxpayer.apikey)).toHaveLength(1);
  });

  it('a boleta the provider refused: the seller is told once, and may record it by hand', async () => {
    const { api, seller, as, product, taxpayer } = await connectedShop(url);
    // The key now belongs to another company: OpenFactura refuses what we send in this one's name.
    await openfactura.register({ ...taxpayer, rut: '77654321-7' });
    const order = await paidOrder(url, api, seller.token, product.id);
    await api.patch(`/api/orders/${order.id}/`, { status: 'pagado' }, as);
    const document = await documentOnceSettled(api, seller.token, order.id);
    expect(document).toMatchObject({ status: 'fallida', folio: null });
    const warning = await waitForMailWith(
      mailDir,
      seller.user.email,
      'no se ha emitido',
      decodedMail,
    );
    expect(warning).toContain(
      `OpenFactura rechazó la boleta electrónica del pedido ${order.number}`,
    );

    const recorded = await api.post(`/api/orders/${order.id}/documento/`, { folio: 77 }, as);
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({
      status: 'emitida',
      folio: 77,
      by_hand: true,
      error: null,
    });
    expect(await openfactura.documents(taxpayer.apikey)).toEqual([]);
  });
});
