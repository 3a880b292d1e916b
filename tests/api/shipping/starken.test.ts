/**
 * Starken direct and Chilexpress (issue 65): a shop with its own Starken account sells at
 * Starken's price, «Crear envío» makes one emission whose orden de flete and label arrive later,
 * the app follows it by asking (Starken calls no one back) to «entregado» and one mail; an emission
 * whose answer was lost is never made twice behind the seller's back; a Chilexpress price can be
 * chosen, and its parcel goes to a branch by the seller's hand.
 */
import { describe, expect, inject, it } from 'vitest';
import { claimServers } from '../../support/claims';
import { courierShop, NUNOA, quotedPrice } from '../../support/couriers';
import { uniqueEmail } from '../../support/http';
import { mailsWith } from '../../support/mail-count';
import { until } from '../../support/until';

const servers = claimServers();
const starken = inject('starkenUrl');
const mailDir = inject('mailDir');

async function emissions(contenido: string) {
  const res = await fetch(
    `${starken}/__debug/emissions?contenido=${encodeURIComponent(contenido)}`,
  );
  return (await res.json()) as { id: number; of: number; body: Record<string, unknown> }[];
}

describe.each(servers)('starken and chilexpress on $kind', ({ url }) => {
  it('sells at Starken’s price, emits once, and follows the parcel to the door', async () => {
    const { api, as, order, connect } = await courierShop(url);
    await connect(['starken']);
    const price = await quotedPrice(order, NUNOA, 'starken:normal');
    const buyer = uniqueEmail('camila');
    const placed = await order({ comuna: NUNOA, option: `starken:normal:${price}` }, buyer);
    expect(placed.status).toBe(201);
    expect(placed.body.total).toBe(12990 + price);
    const id = placed.body.id as number;
    const sold = (await api.get(`/api/orders/${id}/`, as)).body;
    expect(sold.delivery.courier).toMatchObject({ provider: 'starken', name: 'Starken Normal' });
    await api.patch(`/api/orders/${id}/`, { status: 'pagado', version: sold.version }, as);

    const envio = `/api/orders/${id}/envio/`;
    const [first, second] = await Promise.all([
      api.post(envio, undefined, as),
      api.post(envio, undefined, as),
    ]);
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(first.body).toMatchObject({ provider: 'starken', provider_name: 'Starken' });
    const sent = await until(
      async () => (await api.get(`/api/orders/${id}/`, as)).body,
      (o) => o.status === 'enviado',
    );
    const [emission, ...more] = await emissions(placed.body.number);
    expect(more).toEqual([]);
    expect(sent.tracking).toMatchObject({ number: String(emission!.of), carrier: 'starken' });
    // Starken's own comuna code, never the official one; the buyer's data only now.
    expect(emission!.body).toMatchObject({
      destinatario_nombres: 'Camila',
      destinatario_paterno: 'Soto',
      destinatario_email: buyer,
      tipo_servicio: { codigo_dls: 0 },
    });
    expect(emission!.body.destinatario_codigo_comuna).not.toBe(13120);
    expect((await api.get(envio, as)).body).toMatchObject({ state: 'created', label: true });
    const label = await fetch(`${url}/api/orders/${id}/etiqueta/`, {
      headers: { Authorization: `Token ${as.token}` },
    });
    expect(
      Buffer.from(await label.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    await fetch(`${starken}/__debug/move/${emission!.of}?status=ENTREGADO`);
    const delivered = await until(
      async () => (await api.get(`/api/orders/${id}/`, as)).body,
      (o) => o.status === 'entregado',
      30_000,
    );
    expect(delivered.status).toBe('entregado');
    await until(
      async () => mailsWith(mailDir, buyer, 'fue entregado'),
      (n) => n > 0,
    );
    expect(mailsWith(mailDir, buyer, 'fue entregado')).toBe(1);
  }, 60_000);

  it('an emission whose answer was lost is left to the seller, never made twice', async () => {
    const { api, as, order, connect } = await courierShop(url);
    await connect(['starken']);
    const price = await quotedPrice(order, NUNOA, 'starken:expreso');
    const placed = await order({ comuna: NUNOA, option: `starken:expreso:${price}` });
    const id = placed.body.id as number;
    const { version } = (await api.get(`/api/orders/${id}/`, as)).body;
    await api.patch(`/api/orders/${id}/`, { status: 'pagado', version }, as);
    await fetch(`${starken}/__debug/drop-answer?contenido=${placed.body.number}`);

    expect((await api.post(`/api/orders/${id}/envio/`, undefined, as)).status).toBe(202);
    const doubt = await until(
      async () => (await api.get(`/api/orders/${id}/envio/`, as)).body,
      (s) => s.state === 'failed',
    );
    expect(doubt.problem).toMatch(/^No sabemos si Starken alcanzó a crear este envío\./);
    expect(await emissions(placed.body.number)).toHaveLength(1);
    // The seller looked and found none: a new attempt is hers to make.
    expect((await api.post(`/api/orders/${id}/envio/`, undefined, as)).status).toBe(202);
    await until(
      async () => (await api.get(`/api/orders/${id}/envio/`, as)).body,
      (s) => s.state === 'created',
    );
    expect(await emissions(placed.body.number)).toHaveLength(2);
  });

  it('offers Chilexpress’s price beside Starken’s; its parcel goes to a branch by hand', async () => {
    const { api, as, order, connect } = await courierShop(url);
    await connect(['starken', 'chilexpress']);
    const price = await quotedPrice(order, NUNOA, 'chilexpress:4');
    const placed = await order({ comuna: NUNOA, option: `chilexpress:4:${price}` });
    expect(placed.status).toBe(201);
    const id = placed.body.id as number;
    const sold = (await api.get(`/api/orders/${id}/`, as)).body;
    expect(sold.delivery.courier).toMatchObject({
      provider: 'chilexpress',
      name: 'Chilexpress Express',
    });
    await api.patch(`/api/orders/${id}/`, { status: 'pagado', version: sold.version }, as);
    const refused = await api.post(`/api/orders/${id}/envio/`, undefined, as);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Lleva el paquete a una sucursal de Chilexpress y escribe su número de seguimiento al ' +
        'marcar la orden como enviada.',
    );
  });
});
