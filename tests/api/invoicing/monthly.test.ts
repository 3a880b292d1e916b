/**
 * The month's IVA declaration (issue 49, F29): the documents emitted in the month, summed per type,
 * the paid orders still without one, and the list as CSV; only the seller's own; a month that
 * does not exist is a 400 (the page: 404). On both engines.
 */
import { describe, expect, it } from 'vitest';
import { currentMonth, formatMonth } from '@/lib/invoicing/monthly';
import { ApiClient, uniqueEmail } from '../../support/http';
import { openShop } from '../../support/shop';
import { claimServers } from '../../support/claims';

const servers = claimServers();

describe.each(servers)('the month’s documents on $kind', ({ url }) => {
  it('sums boletas and boletas exentas, counts the paid orders without one, and lists them', async () => {
    const api = new ApiClient(url);
    const seller = await api.register();
    const as = { token: seller.token };
    const { product: cup } = await openShop(api, seller.token, { product: { price: 12990 } });
    const lesson = (
      await api.post(
        '/api/products/',
        { name: 'Clase de torno', price: 20000, published: true, tax_exempt: true },
        as,
      )
    ).body;
    const sale = async (product: number, paid: boolean, folio?: number) => {
      const placed = await new ApiClient(url).post('/api/orders/', {
        items: [{ product, quantity: 1 }],
        buyer: { name: 'Camila Soto', email: uniqueEmail('f29'), phone: '9 8765 4321' },
        delivery: { method: 'retiro' },
        payment_method: 'transferencia',
      });
      if (paid) await api.patch(`/api/orders/${placed.body.id}/`, { status: 'pagado' }, as);
      if (folio)
        expect(
          (await api.post(`/api/orders/${placed.body.id}/documento/`, { folio }, as)).status,
        ).toBe(201);
      return placed.body.number as string;
    };
    const a = await sale(cup.id, true, 101);
    const b = await sale(lesson.id, true, 102);
    await sale(cup.id, true);
    await sale(cup.id, false);

    const month = currentMonth();
    const summary = await api.get(`/api/store/invoicing/monthly/?month=${month}`, as);
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({
      month,
      types: [
        {
          type: 39,
          label: 'Boleta electrónica',
          count: 1,
          neto: 10916,
          iva: 2074,
          exento: 0,
          total: 12990,
        },
        {
          type: 41,
          label: 'Boleta exenta electrónica',
          count: 1,
          neto: 0,
          iva: 0,
          exento: 20000,
          total: 20000,
        },
      ],
      net: { neto: 10916, iva: 2074, exento: 20000, total: 32990 },
      undocumented: { count: 1, total: 12990 },
    });
    // Without a month: this one.
    expect((await api.get('/api/store/invoicing/monthly/', as)).body.month).toBe(month);

    const csv = await fetch(`${url}/api/store/invoicing/monthly/csv/?month=${month}`, {
      headers: { Authorization: `Token ${seller.token}` },
    });
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="documentos-${month}.csv"`,
    );
    const lines = (await csv.text()).replace('\uFEFF', '').trim().split('\r\n');
    expect(lines.slice(1).map((l) => l.split(';').slice(1, 5))).toEqual([
      ['39', 'Boleta electrónica', '101', a],
      ['41', 'Boleta exenta electrónica', '102', b],
    ]);

    const bad = await api.get('/api/store/invoicing/monthly/?month=2026-13', as);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.month).toEqual(['El mes debe tener la forma 2026-11.']);
    const other = await new ApiClient(url).register();
    const theirs = await api.get(`/api/store/invoicing/monthly/?month=${month}`, {
      token: other.token,
    });
    expect(theirs.body.types).toEqual([]);
    expect(theirs.body.undocumented).toEqual({ count: 0, total: 0 });

    const page = await api.get('/cifras/iva', {
      headers: { Cookie: `impulsa_session=${seller.token}` },
    });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`IVA de ${formatMonth(month)}`);
    expect(page.body).toContain('1 venta pagada');
    const missing = await api.get('/cifras/iva?mes=trece', {
      headers: { Cookie: `impulsa_session=${seller.token}` },
    });
    expect(missing.status).toBe(404);
  });
});
