/**
 * Options and variants on PGlite and PostgreSQL: every combination a variant with its own price,
 * stock and SKU, kept across option changes; validation in Spanish; versions per variant;
 * ownership; orders that name the variant, take its stock atomically (parallel buyers of its last
 * unit) and give it back on cancel; the checkout form choosing by option values.
 */
import { describe, expect, it } from 'vitest';
import { PICKUP, setDelivery, SELLER_IDENTITY } from '../../support/shop';
import { ApiClient, getWithHost, postFormWithHost, uniqueEmail } from '../../support/http';
import { claimServers } from '../../support/claims';

const servers = claimServers({ bothEngines: true });

const OPTIONS = [
  { name: 'Talla', values: ['S', 'M'] },
  { name: 'Color', values: ['Rojo', 'Azul'] },
];

async function seller(url: string) {
  const api = new ApiClient(url);
  const { token } = await api.register();
  const as = { token };
  await api.patch(
    '/api/store/',
    { ...SELLER_IDENTITY, name: 'Polerón', transfer_details: 'Banco 1', version: 0 },
    as,
  );
  await setDelivery(api, token, { pickup_points: [PICKUP] });
  const made = await api.post(
    '/api/products/',
    {
      name: 'Polera',
      price: 12990,
      published: true,
      options: OPTIONS,
      variants: [
        { values: ['S', 'Rojo'], stock: 5, sku: 'POL-S-R' },
        { values: ['S', 'Azul'], stock: 5, enabled: false },
        { values: ['M', 'Rojo'], stock: 1, price: 14990, sku: 'POL-M-R' },
        { values: ['M', 'Azul'], stock: 0 },
      ],
    },
    as,
  );
  expect(made.status).toBe(201);
  const order = (items: Record<string, unknown>[], email = uniqueEmail('camila')) =>
    new ApiClient(url).post('/api/orders/', {
      items,
      buyer: { name: 'Camila Soto', email, phone: '9 8765 4321' },
      delivery: { method: 'retiro' },
      payment_method: 'transferencia',
    });
  const variant = (name: string) =>
    (made.body.variants as { name: string; id: number; version: number }[]).find(
      (v) => v.name === name,
    )!;
  return { api, as, token, product: made.body, order, variant };
}

describe.each(servers)('options and variants on $kind', ({ url }) => {
  it('makes every combination a variant, validates in Spanish, and keeps variants across edits', async () => {
    const { api, as, product, variant } = await seller(url);
    expect(product.options).toEqual(OPTIONS);
    expect(product.variants.map((v: { name: string }) => v.name)).toEqual([
      'S / Rojo',
      'S / Azul',
      'M / Rojo',
      'M / Azul',
    ]);
    expect(variant('M / Rojo')).toMatchObject({
      values: ['M', 'Rojo'],
      price: 14990,
      stock: 1,
      sku: 'POL-M-R',
      enabled: true,
      version: 1,
    });
    expect(variant('S / Azul')).toMatchObject({ enabled: false, price: null });
    // The product's stock is its variants' (the ones sold).
    expect(product.stock).toBe(6);

    const bad = async (body: Record<string, unknown>, field: string, message: string) => {
      const res = await api.patch(`/api/products/${product.id}/`, { ...body, version: 1 }, as);
      expect(res.status, message).toBe(400);
      expect(res.body.errors[field]).toContain(message);
    };
    await bad(
      { options: [...OPTIONS, { name: 'Tela', values: ['A'] }, { name: 'Corte', values: ['B'] }] },
      'options',
      'Un producto puede tener hasta 3 opciones.',
    );
    await bad(
      { options: [{ name: 'Talla', values: ['S', 's'] }] },
      'options.0.values',
      'Un valor está repetido.',
    );
    await bad(
      { variants: [{ values: ['XL', 'Rojo'], stock: 1 }] },
      'variants',
      'La combinación «XL / Rojo» no está en las opciones.',
    );
    await bad(
      { variants: [{ values: ['S', 'Rojo'], compare_at_price: 1000 }] },
      'variants',
      'S / Rojo: El precio anterior debe ser mayor que el precio, o déjalo vacío.',
    );
    await bad(
      { variants: [{ values: ['S', 'Rojo'], stock: -1 }] },
      'variants.0.stock',
      'El stock no puede ser negativo.',
    );

    // A stale variant version is a 409; the current one saves and moves it.
    const mRojo = variant('M / Rojo');
    const stale = await api.patch(
      `/api/products/${product.id}/`,
      { variants: [{ values: ['M', 'Rojo'], stock: 3, version: mRojo.version + 1 }], version: 1 },
      as,
    );
    expect(stale.status).toBe(409);
    const saved = await api.patch(
      `/api/products/${product.id}/`,
      { variants: [{ values: ['M', 'Rojo'], stock: 3, version: mRojo.version }], version: 1 },
      as,
    );
    expect(saved.status).toBe(200);
    const after = saved.body.variants.find((v: { name: string }) => v.name === 'M / Rojo');
    expect(after).toMatchObject({ id: mRojo.id, stock: 3, price: 14990, version: 2 });

    // A new size adds its combinations; a colour taken away takes its variants; kept ones stay.
    const grown = await api.patch(
      `/api/products/${product.id}/`,
      {
        options: [
          { name: 'Talla', values: ['S', 'M', 'L'] },
          { name: 'Color', values: ['Rojo'] },
        ],
        version: saved.body.version,
      },
      as,
    );
    expect(grown.status).toBe(200);
    expect(grown.body.variants.map((v: { name: string }) => v.name)).toEqual([
      'S / Rojo',
      'M / Rojo',
      'L / Rojo',
    ]);
    expect(grown.body.variants[1]).toMatchObject({ id: mRojo.id, stock: 3, sku: 'POL-M-R' });
    expect(grown.body.variants[2]).toMatchObject({ price: null, stock: null, enabled: true });
    // No options: no variants.
    const plain = await api.patch(
      `/api/products/${product.id}/`,
      { options: [], stock: 4, version: grown.body.version },
      as,
    );
    expect(plain.body).toMatchObject({ options: [], variants: [], stock: 4 });

    const other = new ApiClient(url);
    const { token: otherToken } = await other.register();
    const theirs = await other.patch(
      `/api/products/${product.id}/`,
      { variants: [{ values: ['S', 'Rojo'], stock: 9 }], version: 1 },
      { token: otherToken },
    );
    expect(theirs.status).toBe(404);
  });

  it('orders a variant at its price, takes its last unit once, and gives it back on cancel', async () => {
    const { api, as, product, order, variant } = await seller(url);
    const mRojo = variant('M / Rojo');
    const refuse = async (items: Record<string, unknown>[], message: string) => {
      const res = await order(items);
      expect(res.status, message).toBe(400);
      expect(res.body.errors.items).toContain(message);
    };
    await refuse([{ product: product.id, quantity: 1 }], 'Elige talla y color de «Polera».');
    await refuse(
      [{ product: product.id, variant: variant('S / Azul').id, quantity: 1 }],
      '«Polera» en S / Azul no está disponible.',
    );
    const otherShop = await seller(url);
    await refuse(
      [{ product: product.id, variant: otherShop.variant('S / Rojo').id, quantity: 1 }],
      'Esa variante de «Polera» ya no existe.',
    );

    // Five buyers at once for the one M / Rojo left: one gets it.
    const tries = await Promise.all(
      [1, 2, 3, 4, 5].map(() => order([{ product: product.id, variant: mRojo.id, quantity: 1 }])),
    );
    expect(tries.map((t) => t.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const lost = tries.find((t) => t.status === 409)!;
    expect(lost.body).toMatchObject({
      message: '«Polera (M / Rojo)» se agotó mientras comprabas.',
      variant: mRojo.id,
      available: 0,
    });
    const placed = tries.find((t) => t.status === 201)!.body;
    const seen = (await api.get(`/api/orders/${placed.id}/`, as)).body;
    expect(seen.items).toEqual([
      {
        product: product.id,
        variant: mRojo.id,
        variant_name: 'M / Rojo',
        name: 'Polera (M / Rojo)',
        unit_price: 14990,
        quantity: 1,
        total: 14990,
        no_retracto: null,
        stock_short: false,
      },
    ]);
    const taken = (await api.get(`/api/products/${product.id}/`, as)).body;
    expect(taken.variants.find((v: { id: number }) => v.id === mRojo.id)).toMatchObject({
      stock: 0,
      version: 2,
    });
    // Another variant still sells.
    expect(
      (await order([{ product: product.id, variant: variant('S / Rojo').id, quantity: 2 }])).status,
    ).toBe(201);

    await api.patch(`/api/orders/${placed.id}/`, { status: 'cancelado' }, as);
    const back = (await api.get(`/api/products/${product.id}/`, as)).body;
    expect(back.variants.find((v: { id: number }) => v.id === mRojo.id).stock).toBe(1);
    expect(back.stock).toBe(4); // S / Rojo 3 + M / Rojo 1 + M / Azul 0 (S / Azul not sold)
  });

  it('the checkout form adds the variant the option radios name, and refuses a missing choice', async () => {
    const { product } = await seller(url);
    const host = new URL(url).host;
    const add = (fields: Record<string, string>, cookie = '') =>
      postFormWithHost(
        url,
        host,
        '/pay?_action=cart.add',
        { intent: 'add', product: String(product.id), quantity: '1', ...fields },
        cookie ? { Cookie: cookie } : {},
      );
    const missing = await add({ 'opcion-0': 'M' });
    expect(missing.status).toBe(400);
    expect(missing.body).toContain('Elige talla y color de «Polera».');
    const soldOut = await add({ 'opcion-0': 'M', 'opcion-1': 'Azul' });
    expect(soldOut.status).toBe(400);
    expect(soldOut.body).toContain('«Polera» en M / Azul no está disponible.');
    const added = await add({ 'opcion-0': 'm', 'opcion-1': 'rojo' });
    expect(added.status).toBe(303);
    const cookie = String(added.headers['set-cookie']).split(';')[0]!;
    const again = await add({ 'opcion-0': 'M', 'opcion-1': 'Rojo' }, cookie);
    expect(again.status).toBe(303);
    const cart = await getWithHost(url, host, added.headers.location as string, { Cookie: cookie });
    expect(cart.body).toContain('Agregaste «Polera (M / Rojo)» al carro.');
    expect(cart.body).toContain('$14.990 c/u');
    // Two asked, one left: the line says so.
    expect(cart.body).toContain('Quedan solo 1 unidad.');
  });
});
