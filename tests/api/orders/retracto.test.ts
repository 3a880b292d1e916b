/**
 * The derecho a retracto through the API and the plain forms (issue 48, Ley 19.496), on PGlite and
 * PostgreSQL: a product marked «Sin derecho a retracto» says why on its page and at checkout, and
 * an order of only such products explains why it cannot be withdrawn; another is withdrawn once.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient, postForm } from '../../support/http';
import { openShop } from '../../support/shop';
import { claimServers } from '../../support/claims';

const servers = claimServers();

describe.each(servers)('retracto on $kind', ({ url }) => {
  it('a product without retracto says why; an order of it cannot be withdrawn, another once', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const as = { token };
    const { product: taza } = await openShop(api, token);
    const bad = await api.post(
      '/api/products/',
      { name: 'Torta', price: 18990, published: true, no_retracto: 'capricho' },
      as,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.no_retracto).toEqual(['Elige un motivo de la lista.']);
    const torta = (
      await api.post(
        '/api/products/',
        { name: 'Torta de mil hojas', price: 18990, published: true, no_retracto: 'perecible' },
        as,
      )
    ).body;
    expect(torta.no_retracto).toBe('perecible');
    const page = await (await fetch(`${url}/shop/${torta.id}`)).text();
    expect(page).toContain('Sin derecho a retracto: es perecible o de consumo rápido.');

    const place = async (product: number) => {
      const placed = await new ApiClient(url).post('/api/orders/', {
        items: [{ product, quantity: 1 }],
        buyer: { name: 'Camila Soto', email: 'camila@ejemplo.cl', phone: '9 8765 4321' },
        delivery: { method: 'retiro' },
        payment_method: 'transferencia',
      });
      expect(placed.status).toBe(201);
      const paid = await api.patch(
        `/api/orders/${placed.body.id}/`,
        { status: 'pagado', version: placed.body.version },
        as,
      );
      expect(paid.status).toBe(200);
      return new URL(placed.body.receipt_url).pathname;
    };
    const retract = (receipt: string) =>
      postForm(url, `${receipt}?_action=receipt.retract`, { pedido: receipt.split('/').at(-1)! });

    const tortaReceipt = await place(torta.id);
    const refused = await retract(tortaReceipt);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(
      'Los productos de este pedido no tienen derecho a retracto: es perecible',
    );

    const tazaReceipt = await place(taza.id);
    const asked = await retract(tazaReceipt);
    expect(asked.status).toBe(303);
    expect(asked.headers.get('location')).toBe(`${tazaReceipt}#retracto`);
    expect(await (await fetch(url + tazaReceipt)).text()).toContain(
      'Pediste retractarte de esta compra el',
    );
    // Asked again: nothing new on the timeline.
    expect((await retract(tazaReceipt)).status).toBe(303);
    const orders = (await api.get('/api/orders/', as)).body.results as {
      id: number;
      receipt_url: string;
    }[];
    const id = orders.find((o) => o.receipt_url.endsWith(tazaReceipt))!.id;
    const detail = (await api.get(`/api/orders/${id}/`, as)).body;
    expect(detail.timeline.filter((e: { status: string }) => e.status === 'retracto')).toHaveLength(
      1,
    );
    expect(detail.timeline.at(-1)).toMatchObject({
      status: 'retracto',
      label: 'Solicitud de retracto',
    });
    // An unknown receipt is a 404 and records nothing.
    expect((await retract('/pay/orden/' + 'x'.repeat(32))).status).toBe(404);
  });
});
