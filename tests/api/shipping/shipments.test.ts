/**
 * «Crear envío» (issue 65): a paid order's shipment is created at the local Shipit once, however
 * often it is asked; the tracking number and label arrive later and move the order to «enviado»;
 * Shipit's notification of a delivery moves it to «entregado» and mails the buyer once; a forged
 * notification changes nothing; another seller reads nothing.
 */
import { describe, expect, inject, it } from 'vitest';
import { claimServers } from '../../support/claims';
import { courierShop, NUNOA } from '../../support/couriers';
import { ApiClient, uniqueEmail } from '../../support/http';
import { mailsWith as countMails } from '../../support/mail-count';
import { until } from '../../support/until';

const servers = claimServers();
const shipit = inject('shipitUrl');
const mailDir = inject('mailDir');

const mailsWith = (to: string, text: string) => countMails(mailDir, to, text);

describe.each(servers)('shipments on $kind', ({ url }) => {
  it('creates one shipment, fetches its label and tracking, and follows it to the door', async () => {
    const { api, as, order, connect } = await courierShop(url);
    await connect();
    const buyer = uniqueEmail('camila');
    const placed = await order({ comuna: NUNOA, option: 'shipit:starken:5790' }, buyer);
    expect(placed.status).toBe(201);
    const id = placed.body.id as number;
    const envio = `/api/orders/${id}/envio/`;

    // Unpaid: no buyer data goes to a courier.
    const early = await api.post(envio, undefined, as);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      'Solo una orden pagada y aún sin enviar puede despacharse con courier.',
    );
    const { version } = (await api.get(`/api/orders/${id}/`, as)).body;
    expect((await api.patch(`/api/orders/${id}/`, { status: 'pagado', version }, as)).status).toBe(
      200,
    );

    // Twice at once, and once more: one shipment.
    const [first, second] = await Promise.all([
      api.post(envio, undefined, as),
      api.post(envio, undefined, as),
    ]);
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(first.body).toMatchObject({
      provider: 'shipit',
      courier: 'starken',
      state: 'requested',
    });
    expect((await api.get(`/api/orders/${id}/`, as)).body.status).toBe('preparando');

    const ready = await until(
      async () => (await api.get(`/api/orders/${id}/`, as)).body,
      (o) => o.status === 'enviado',
    );
    expect(ready.status).toBe('enviado');
    expect(ready.tracking).toMatchObject({
      number: expect.stringMatching(/^TRK\d+$/),
      carrier: 'starken',
    });
    const shipment = (await api.get(envio, as)).body;
    expect(shipment).toMatchObject({
      state: 'created',
      label: true,
      tracking_number: ready.tracking.number,
    });
    expect((await api.post(envio, undefined, as)).body.state).toBe('created');
    const created = await (
      await fetch(`${shipit}/__debug/shipments?reference=${encodeURIComponent(placed.body.number)}`)
    ).json();
    expect(created).toHaveLength(1);
    // The buyer's address, split as Shipit takes it, left only now that the order is paid.
    expect(created[0].body.destiny).toMatchObject({
      street: 'Av. Irarrázaval',
      number: '3456',
      complement: 'depto 12',
      commune_name: 'NUNOA',
      email: buyer,
    });

    const label = await fetch(`${url}/api/orders/${id}/etiqueta/`, {
      headers: { Authorization: `Token ${as.token}` },
    });
    expect(label.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await label.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const both = await fetch(`${url}/api/orders/etiquetas/?orden=${id}&orden=999999`, {
      headers: { Authorization: `Token ${as.token}` },
    });
    expect(both.status).toBe(200);
    expect(both.headers.get('x-sin-etiqueta')).toBe('999999');

    // Shipit tells the seller's URL; a forged id first (Shipit knows no such shipment).
    const me = (await api.get('/api/users/me/', as)).body;
    const hook = `${url}/api/shipping/shipit/notify/${me.id}/`;
    const forged = await fetch(hook, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 987654, reference: placed.body.number, status: 'delivered' }),
    });
    expect(forged.status).toBe(200);
    const externalId = created[0].id;
    const moved = await (
      await fetch(
        `${shipit}/__debug/move/${externalId}?status=delivered&webhook=${encodeURIComponent(hook)}`,
      )
    ).json();
    expect(moved.webhook).toBe(200);
    const delivered = await until(
      async () => (await api.get(`/api/orders/${id}/`, as)).body,
      (o) => o.status === 'entregado',
    );
    expect(delivered.status).toBe('entregado');
    // The same notice again: nothing more, and one mail.
    await fetch(
      `${shipit}/__debug/move/${externalId}?status=delivered&webhook=${encodeURIComponent(hook)}`,
    );
    await until(
      async () => mailsWith(buyer, 'fue entregado'),
      (n) => n > 0,
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsWith(buyer, 'fue entregado')).toBe(1);
    expect((await api.get(envio, as)).body.delivered_at).not.toBeNull();

    // Another seller: nothing of it exists.
    const other = new ApiClient(url);
    const { token } = await other.register();
    expect((await other.get(envio, { token })).status).toBe(404);
    expect((await other.post(envio, undefined, { token })).status).toBe(404);
    const theirs = await fetch(`${url}/api/orders/${id}/etiqueta/`, {
      headers: { Authorization: `Token ${token}` },
    });
    expect(theirs.status).toBe(404);
  });

  it('creates nothing at Shipit for an order cancelled before its shipment left', async () => {
    const { api, as, order, connect } = await courierShop(url);
    await connect();
    const placed = await order({ comuna: NUNOA, option: 'shipit:starken' });
    const id = placed.body.id as number;
    let { version } = (await api.get(`/api/orders/${id}/`, as)).body;
    await api.patch(`/api/orders/${id}/`, { status: 'pagado', version }, as);
    await api.post(`/api/orders/${id}/envio/`, undefined, as);
    ({ version } = (await api.get(`/api/orders/${id}/`, as)).body);
    expect(
      (await api.patch(`/api/orders/${id}/`, { status: 'cancelado', version }, as)).status,
    ).toBe(200);
    const shipment = await until(
      async () => (await api.get(`/api/orders/${id}/envio/`, as)).body,
      (s) => s.state !== 'requested',
    );
    // The job ran after the cancellation (it waits for the commit): nothing went to Shipit.
    if (shipment.state === 'failed') {
      expect(shipment.problem).toBe('La orden fue cancelada antes de crear el envío.');
      const page = await api.get(`/ordenes/${id}`, { ...as, headers: { Accept: 'text/html' } });
      expect(page.body).toContain('La orden fue cancelada antes de crear el envío.');
    }
    // Either way, the courier's news moves a cancelled order nowhere.
    await new Promise((r) => setTimeout(r, 1000));
    expect((await api.get(`/api/orders/${id}/`, as)).body.status).toBe('cancelado');
  });

  it('refuses a pickup order and an order with the shop’s own delivery', async () => {
    const { api, as, order, connect } = await courierShop(url);
    await connect();
    const { version: v } = (await api.get('/api/store/delivery/', as)).body;
    await api.put('/api/store/delivery/', { rest: { price: 3990 }, version: v }, as);
    const own = await order({ comuna: NUNOA, option: 'tienda' });
    const { version } = (await api.get(`/api/orders/${own.body.id}/`, as)).body;
    await api.patch(`/api/orders/${own.body.id}/`, { status: 'pagado', version }, as);
    const refused = await api.post(`/api/orders/${own.body.id}/envio/`, undefined, as);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'El cliente eligió tu despacho propio: envíala tú y escribe su número de seguimiento.',
    );
    expect((await api.get(`/api/orders/${own.body.id}/envio/`, as)).status).toBe(404);
  });
});
