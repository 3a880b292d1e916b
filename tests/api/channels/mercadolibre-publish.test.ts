/**
 * Publishing a product at Mercado Libre (issue 66), against the local Mercado Libre: the category
 * predicted from what it is, the attributes that category requires, a refusal in Spanish when one
 * is missing, then the listing with her price, barcode and stock — its sizes as variations — linked
 * at once. Published twice, or another seller's product: refused.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { claimServers } from '../../support/claims';
import { ApiClient } from '../../support/http';
import { POLERA, type MlItem } from '../../support/mercadolibre';
import { connectByApi, mlTestUser } from '../../support/mercadolibre-seller';
import { openShop } from '../../support/shop';

const servers = claimServers();
const ml = inject('mercadolibreUrl');
const PATH = '/api/store/channels/mercadolibre/';

describe.each(servers)('publishing at Mercado Libre on $kind', ({ url }) => {
  const api = new ApiClient(url);
  let as: { token: string };
  let taza: { id: number };
  let polera: { id: number; variants: { id: number }[] };

  beforeAll(async () => {
    const user = await mlTestUser(ml);
    const seller = await api.register();
    as = { token: seller.token };
    ({ product: taza } = await openShop(api, seller.token, {
      product: { name: 'Taza de greda', price: 12990, stock: 4, gtin: '7801234567894' },
    }));
    polera = (await api.post('/api/products/', POLERA, as)).body;
    await connectByApi(api, user);
  });

  it('predicts the category and names what it requires', async () => {
    const predicted = await api.get(`${PATH}categories/?q=Taza%20de%20greda`, as);
    expect(predicted.body.categories[0]).toEqual({
      category_id: 'MLC178700',
      category_name: 'Tazas',
      domain_name: 'Tazas',
    });
    expect((await api.get(`${PATH}categories/?q=`, as)).status).toBe(400);
    const required = await api.get(`${PATH}categories/MLC178700/`, as);
    expect(required.body.attributes).toEqual([
      { id: 'BRAND', name: 'Marca' },
      { id: 'MATERIAL', name: 'Material' },
    ]);
    expect((await api.get(`${PATH}categories/MLC999/`, as)).status).toBe(400);
  });

  it('refuses a listing without what the category requires, and publishes it with it', async () => {
    const missing = await api.post(
      `${PATH}publish/`,
      { product: taza.id, category_id: 'MLC178700', attributes: {} },
      as,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(
      'Completa lo que Mercado Libre pide para esa categoría: Marca, Material.',
    );
    const published = await api.post(
      `${PATH}publish/`,
      { product: taza.id, category_id: 'MLC178700', attributes: { MATERIAL: 'Greda' } },
      as,
    );
    expect(published.status).toBe(201);
    const items = (await (await fetch(`${ml}/__debug/items`)).json()) as MlItem[];
    const item = items.find((i) => i.id === published.body.item_id)!;
    expect(item).toMatchObject({ title: 'Taza de greda', price: 12990, available_quantity: 4 });
    expect(item.attributes).toEqual(
      expect.arrayContaining([
        { id: 'BRAND', value_name: 'Greda del Sur' },
        { id: 'MATERIAL', value_name: 'Greda' },
        { id: 'GTIN', value_name: '7801234567894' },
      ]),
    );
    const { listings } = (await api.get(`${PATH}links/`, as)).body;
    expect(listings.find((l: { item_id: string }) => l.item_id === item.id).linked).toEqual({
      product: taza.id,
      variant: null,
    });
    const again = await api.post(
      `${PATH}publish/`,
      { product: taza.id, category_id: 'MLC178700', attributes: { MATERIAL: 'Greda' } },
      as,
    );
    expect(again.status).toBe(409);
  });

  it('publishes sizes as variations, each linked to its variant', async () => {
    const published = await api.post(
      `${PATH}publish/`,
      {
        product: polera.id,
        category_id: 'MLC158583',
        attributes: { BRAND: 'Algodón Sur', GENDER: 'Sin género' },
      },
      as,
    );
    expect(published.status).toBe(201);
    const { listings } = (await api.get(`${PATH}links/`, as)).body;
    const lines = listings.filter((l: { item_id: string }) => l.item_id === published.body.item_id);
    expect(
      lines.map((l: { variation_name: string; linked: unknown }) => [l.variation_name, l.linked]),
    ).toEqual([
      ['M', { product: polera.id, variant: polera.variants[0]!.id }],
      ['L', { product: polera.id, variant: polera.variants[1]!.id }],
    ]);
    // Another seller's product is not hers to publish.
    const other = new ApiClient(url);
    const theirs = (
      await other.post(
        '/api/products/',
        { name: 'Ajeno', price: 1000 },
        {
          token: (await other.register()).token,
        },
      )
    ).body;
    const foreign = await api.post(
      `${PATH}publish/`,
      { product: theirs.id, category_id: 'MLC1953', attributes: {} },
      as,
    );
    expect(foreign.status).toBe(404);
  });
});
