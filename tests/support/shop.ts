/** Shop set-up the API tests share. */
import { ApiClient } from './http';

/** The pickup point most tests' shops have. */
export const PICKUP = {
  name: 'Taller',
  address: 'Av. Italia 1234, Ñuñoa',
  hours: 'Lunes a viernes, 10:00 a 18:00',
};

/**
 * Who sells (Ley 19.496): a shop takes no orders until it says it, so every shop the tests sell
 * from starts with it.
 */
export const SELLER_IDENTITY = {
  legal_name: 'Rosa Muñoz Pérez',
  legal_rut: '12.345.678-5',
  legal_address: 'Av. Italia 1234, Ñuñoa, Región Metropolitana de Santiago',
};

/**
 * A shop that sells as a company: the taxpayer the local OpenFactura's keys belong to, since a
 * tax document goes out only in the name of whoever sold (`invoicing/issuer.ts`).
 */
export const COMPANY_IDENTITY = {
  legal_name: 'Greda del Sur SpA',
  legal_rut: '76.123.456-0',
  legal_address: 'Av. Italia 1234, Ñuñoa, Región Metropolitana de Santiago',
  legal_representative: 'Rosa Muñoz Pérez',
};

/** Replaces the shop's delivery settings (`PUT /api/store/delivery/` at its current version). */
export async function setDelivery(
  api: ApiClient,
  token: string,
  delivery: Record<string, unknown>,
): Promise<Record<string, any>> {
  const { version } = (await api.get('/api/store/delivery/', { token })).body;
  const saved = await api.put('/api/store/delivery/', { ...delivery, version }, { token });
  if (saved.status !== 200)
    throw new Error(`delivery not saved: ${saved.status} ${JSON.stringify(saved.body)}`);
  return saved.body;
}

/**
 * A seller's shop ready to sell: its name and transfer details, one published product, and with
 * `site` a published site on its own subdomain.
 */
export async function openShop(
  api: ApiClient,
  token: string,
  options: {
    name?: string;
    product?: Record<string, unknown>;
    site?: boolean;
    /** Who sells: the persona natural of `SELLER_IDENTITY` unless given. */
    identity?: Record<string, string>;
  } = {},
) {
  const name = options.name ?? 'Greda del Sur';
  const as = { token };
  await api.patch(
    '/api/store/',
    {
      ...(options.identity ?? SELLER_IDENTITY),
      name,
      transfer_details: 'Banco Estado, cuenta 123',
      version: 0,
    },
    as,
  );
  const product = (
    await api.post(
      '/api/products/',
      { name: 'Taza de greda', price: 12990, published: true, ...options.product },
      as,
    )
  ).body;
  if (!options.site) return { product, subdomain: null };
  const subdomain = `greda-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const site = (await api.post('/api/sites/', { name, subdomain, template: 'tienda' }, as)).body;
  await api.post(`/api/sites/${site.id}/publish/`, undefined, as);
  return { product, subdomain };
}
