/**
 * The day's cierre de caja (issue 67): counter sales by the owner and by a sales member, each with
 * how it was paid and who sold it, read as its CSV; another shop's sales are not in it.
 */
import { describe, expect, inject, it } from 'vitest';
import { claimServers } from '../../support/claims';
import { teamShop } from '../../support/team';

const servers = claimServers();
const mailDir = inject('mailDir');

describe.each(servers)('cierre de caja on $kind', ({ url }) => {
  it('lists the day’s counter sales with their means and who sold them', async () => {
    const { api, own, as, product } = await teamShop(url, mailDir, 'ventas');
    const sell = (method: string, quantity: number, who: { token: string }) =>
      api.post(
        '/api/orders/manual/',
        { items: [{ product: product.id, quantity }], in_person: method },
        who,
      );
    const first = await sell('efectivo', 2, own);
    const second = await sell('tarjeta', 1, as);
    const third = await sell('efectivo', 1, as);
    expect([first.status, second.status, third.status]).toEqual([201, 201, 201]);
    const csv = await fetch(`${url}/vender/caja.csv`, {
      headers: { Authorization: `Token ${own.token}` },
    });
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const rows = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(';'));
    expect(rows[0]).toEqual(['hora', 'venta', 'medio', 'vendio', 'total', 'boleta', 'anulada']);
    expect(rows.slice(1).map((r) => r.slice(1))).toEqual([
      [
        first.body.order.number,
        'efectivo',
        'Rosa Muñoz Pérez',
        String(first.body.order.total),
        'pendiente',
        'no',
      ],
      [
        second.body.order.number,
        'tarjeta (máquina de pago)',
        'Camila Rojas',
        String(second.body.order.total),
        'pendiente',
        'no',
      ],
      [
        third.body.order.number,
        'efectivo',
        'Camila Rojas',
        String(third.body.order.total),
        'pendiente',
        'no',
      ],
    ]);
    // Another shop's till has none of them; a day that does not parse is a 400.
    const other = await api.register();
    const theirs = await fetch(`${url}/vender/caja.csv`, {
      headers: { Authorization: `Token ${other.token}` },
    });
    expect((await theirs.text()).trim().split('\r\n')).toHaveLength(1);
    expect(
      (
        await fetch(`${url}/vender/caja.csv?dia=ayer`, {
          headers: { Authorization: `Token ${own.token}` },
        })
      ).status,
    ).toBe(400);
  });
});
