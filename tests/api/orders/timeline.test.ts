/**
 * Buyers kept informed, on PGlite and PostgreSQL: every move the seller makes reaches the buyer
 * by mail (in the shop's name, answered to the shop) and on their order page's timeline, with the
 * seller's note, the tracking number and carrier link when sent, and the pickup address and hours
 * when ready for pickup. Bad input is a Spanish 400; another seller's order is a 404.
 */
import { describe, expect, inject, it } from 'vitest';
import { ApiClient, uniqueEmail } from '../../support/http';
import { PICKUP, setDelivery, SELLER_IDENTITY } from '../../support/shop';
import { waitForMailWith, decodedMail } from '../../support/smtp';
import { claimServers } from '../../support/claims';

const servers = claimServers();
const mailDir = inject('mailDir');

const decoded = decodedMail;

async function sellerWithOrder(url: string, delivery: 'retiro' | 'despacho') {
  const api = new ApiClient(url);
  const { token, user } = await api.register();
  await api.patch(
    '/api/store/',
    {
      ...SELLER_IDENTITY,
      name: 'Greda del Sur',
      contact_email: `ventas-${user.id}@greda.test`,
      transfer_details: 'Banco Estado 123',
      version: 0,
    },
    { token },
  );
  await setDelivery(api, token, { rest: { price: 3990 }, pickup_points: [PICKUP] });
  const product = (
    await api.post('/api/products/', { name: 'Taza', price: 12990, published: true }, { token })
  ).body;
  const email = uniqueEmail('camila');
  const placed = await new ApiClient(url).post('/api/orders/', {
    items: [{ product: product.id, quantity: 1 }],
    buyer: { name: 'Camila Soto', email, phone: '9 8765 4321' },
    delivery:
      delivery === 'despacho'
        ? { method: 'despacho', address: 'Los Aromos 55', comuna: '13101' }
        : { method: 'retiro' },
    payment_method: 'transferencia',
  });
  expect(placed.status).toBe(201);
  const move = (body: Record<string, unknown>) =>
    api.patch(`/api/orders/${placed.body.id}/`, body, { token });
  return { api, token, email, shopEmail: `ventas-${user.id}@greda.test`, order: placed.body, move };
}

describe.each(servers)('an order’s timeline and mails on $kind', ({ url }) => {
  it('tells the buyer each step by mail and on the order page, with the tracking when sent', async () => {
    const { email, shopEmail, order, move, api, token } = await sellerWithOrder(url, 'despacho');
    const mailWith = (text: string) => waitForMailWith(mailDir, email, text, decoded);
    // The seller sees it waiting: beside "Órdenes" in the header and on the dashboard's shop card.
    const dashboard = async () =>
      (await api.get('/dashboard', { headers: { Cookie: `impulsa_session=${token}` } })).body;
    const before = await dashboard();
    expect(before).toMatch(/Órdenes\s*<span[^>]*>\s*1\s*<span class="sr-only"> por atender/);
    expect(before).toContain('1 orden por atender');

    expect((await move({ status: 'pagado', note: '¡Gracias por tu transferencia!' })).status).toBe(
      200,
    );
    const paid = await mailWith('Recibimos tu pago');
    // In the shop's name (RFC 2047: "Greda del Sur vía Impulsa"), answered to the shop.
    expect(paid).toMatch(
      /^From: =\?UTF-8\?Q\?Greda_del_Sur_v.+_Impulsa\?=?\s*<no-responder@impulsa\.test>/m,
    );
    expect(paid).toContain(`Reply-To: ${shopEmail}`);
    expect(paid).toContain('Mensaje de Greda del Sur: ¡Gracias por tu transferencia!');

    await move({ status: 'preparando' });
    await mailWith('Estamos preparando tu pedido');

    const badTracking = await move({
      status: 'enviado',
      tracking_number: 'AB 12!',
      carrier: 'dhl',
    });
    expect(badTracking.status).toBe(400);
    expect(badTracking.body.errors).toMatchObject({
      tracking_number: ['Usa solo letras, números y guiones en el número de seguimiento.'],
      carrier: ['Elige una empresa de despacho de la lista.'],
    });
    const sent = await move({
      status: 'enviado',
      tracking_number: 'STK-778812',
      carrier: 'starken',
    });
    expect(sent.body.tracking).toEqual({
      number: 'STK-778812',
      carrier: 'starken',
      url: 'https://www.starken.cl/seguimiento?codigo=STK-778812',
    });
    const shipped = await mailWith('Tu pedido va en camino');
    expect(shipped).toContain('Número de seguimiento: STK-778812 (Starken).');
    expect(shipped).toContain('https://www.starken.cl/seguimiento?codigo=STK-778812');

    const detail = (await api.get(`/api/orders/${order.id}/`, { token })).body;
    expect(detail.timeline.map((e: { label: string }) => e.label)).toEqual([
      'Pedido recibido',
      'Pagado',
      'Preparando',
      'Enviado',
    ]);
    expect(detail.timeline[1].note).toBe('¡Gracias por tu transferencia!');

    const page = await (await fetch(order.receipt_url)).text();
    for (const text of ['Seguimiento', 'Pedido recibido', 'Preparando', 'STK-778812', 'Starken'])
      expect(page).toContain(text);
    expect(page).toContain('href="https://www.starken.cl/seguimiento?codigo=STK-778812"');
    expect(page).toContain('¡Gracias por tu transferencia!');

    // Another seller's order does not exist for them.
    const other = new ApiClient(url);
    const { token: otherToken } = await other.register();
    expect(
      (
        await other.patch(
          `/api/orders/${order.id}/`,
          { status: 'entregado' },
          { token: otherToken },
        )
      ).status,
    ).toBe(404);
    await move({ status: 'entregado' });
    await mailWith('Pedido entregado');
    const after = await dashboard();
    expect(after).not.toContain('por atender');
    expect(after).toContain('¡Primera venta!');
  });

  it('a pickup order becomes ready for pickup, with the address and hours in the mail', async () => {
    const { email, move } = await sellerWithOrder(url, 'retiro');
    await move({ status: 'pagado' });
    const prepared = await move({ status: 'preparando' });
    expect(prepared.body.next_statuses).toEqual(['listo_retiro', 'cancelado']);
    expect((await move({ status: 'enviado' })).status).toBe(400);
    const ready = await move({ status: 'listo_retiro', note: 'Te esperamos desde las 15:00' });
    expect(ready.body.status_label).toBe('Listo para retiro');
    const mail = await waitForMailWith(mailDir, email, 'Tu pedido está listo para retiro', decoded);
    expect(mail).toContain('Retíralo en Taller: Av. Italia 1234, Ñuñoa.');
    expect(mail).toContain('Horario: Lunes a viernes, 10:00 a 18:00.');
    expect(mail).toContain('Te esperamos desde las 15:00');
    expect((await move({ status: 'entregado' })).body.status).toBe('entregado');
  });
});
