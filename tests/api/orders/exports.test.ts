/**
 * The seller's exports (issue 51) on PGlite and PostgreSQL: orders and products as spreadsheets
 * (`;`, BOM), filtered as their lists are, a line per variant; only the seller's own, never signed out.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient, uniqueEmail } from '../../support/http';
import { openShop } from '../../support/shop';
import { claimServers } from '../../support/claims';

const servers = claimServers();

describe.each(servers)('exports on $kind', ({ url }) => {
  const csvOf = async (token: string | null, path: string) => {
    const res = await fetch(`${url}${path}`, {
      headers: token ? { Authorization: `Token ${token}` } : {},
    });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    return {
      res,
      lines: text
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
      text,
    };
  };

  it('orders as the list filters them, amounts as plain pesos', async () => {
    const api = new ApiClient(url);
    const [ana, bea] = [await api.register(), await api.register()];
    const { product } = await openShop(api, ana.token, { name: 'Cerámica Ana' });
    const theirs = await openShop(api, bea.token, { name: 'Tejidos Bea' });
    const place = (id: number, name: string) =>
      new ApiClient(url).post('/api/orders/', {
        items: [{ product: id, quantity: 2 }],
        buyer: { name, email: uniqueEmail('compra'), phone: '9 8765 4321' },
        delivery: { method: 'retiro' },
        payment_method: 'transferencia',
      });
    const paid = (await place(product.id, 'Camila Soto')).body;
    await api.patch(`/api/orders/${paid.id}/`, { status: 'pagado' }, { token: ana.token });
    await place(product.id, 'Pedro Rojas');
    await place(theirs.product.id, 'Compra en otra tienda');

    const all = await csvOf(ana.token, '/api/orders/csv/');
    expect(all.res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(all.res.headers.get('content-disposition')).toMatch(
      /filename="ordenes-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(all.text.startsWith('\uFEFFNúmero;Fecha;Estado;Nombre;')).toBe(true);
    expect(all.lines).toHaveLength(3);
    expect(all.text).not.toContain('otra tienda');
    const [paidLine] = (await csvOf(ana.token, '/api/orders/csv/?status=pagado')).lines.slice(1);
    expect(paidLine!.split(';')).toEqual([
      paid.number,
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      'Pagado',
      'Camila Soto',
      expect.stringContaining('@ejemplo.cl'),
      '56 9 8765 4321',
      '2 × Taza de greda',
      '25980',
      '0',
      '0',
      '25980',
      'Transferencia bancaria',
      'Retiro',
      '',
    ]);
    expect((await csvOf(ana.token, '/api/orders/csv/?status=nada')).res.status).toBe(400);
    expect((await csvOf(null, '/api/orders/csv/')).res.status).toBe(401);
  });

  it('products a line per variant, with the list filters', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    await openShop(api, token, { name: 'Poleras Ana' });
    const made = await api.post(
      '/api/products/',
      {
        name: 'Polera',
        price: 12990,
        published: true,
        options: [{ name: 'Talla', values: ['S', 'M'] }],
        variants: [
          { values: ['S'], stock: 5, sku: 'POL-S' },
          { values: ['M'], stock: 0, price: 14990, enabled: false },
        ],
      },
      { token },
    );
    expect(made.status).toBe(201);
    const { lines } = await csvOf(token, '/api/products/csv/');
    expect(lines[0]).toBe(
      'ID;Producto;Variante;SKU;Precio;Precio normal;Stock;Publicado;Exento de IVA;Enlace',
    );
    expect(lines).toHaveLength(4);
    const polera = lines.filter((l) => l.includes(';Polera;'));
    expect(polera.map((l) => l.split(';').slice(2, 8))).toEqual([
      ['S', 'POL-S', '12990', '', '5', 'Sí'],
      ['M', '', '14990', '', '0', 'No'],
    ]);
    const searched = await csvOf(token, '/api/products/csv/?q=taza');
    expect(searched.lines).toHaveLength(2);
    expect(searched.lines[1]).toContain(';Taza de greda;;;12990;');
  });
});
