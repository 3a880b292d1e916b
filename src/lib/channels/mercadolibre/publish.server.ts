/**
 * Publishing one of the seller's products at Mercado Libre (issue 66): the category from Mercado
 * Libre's predictor (`/sites/MLC/domain_discovery/search`) or chosen by hand, the attributes that
 * category requires asked of her (`/categories/{id}/attributes`, `tags.required`), then `POST
 * /items` with her price, photos, barcode and stock — its sizes as variations at one price, as
 * Mercado Libre wants — and the new listing linked at once, so one stock holds from the start.
 */
import { and, eq, notExists, sql } from 'drizzle-orm';
import { accessTokenOf, MERCADOLIBRE } from '@/lib/channels/mercadolibre/account.server';
import { MercadoLibreError, mlGet, mlPost } from '@/lib/channels/mercadolibre/oauth.server';
import { scalar } from '@/lib/channels/mercadolibre/scalar';
import type { PublishInput } from '@/lib/channels/mercadolibre/schemas';
import { enqueueStockPushes } from '@/lib/channels/mercadolibre/stock-push.server';
import { getProduct } from '@/lib/shop/products.server';
import { shopCheckout } from '@/lib/shop/shop-checkout.server';
import type { ProductView } from '@/lib/shop/product-view.server';
import { siteUrl } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { channelLinks, products } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';

/** Mercado Libre's longest title. */
export const MAX_TITLE = 60;
/** What a product without a stock limit is listed with: Mercado Libre needs a number. */
export const UNLIMITED_QUANTITY = 10;

export interface CategoryOption {
  category_id: string;
  category_name: string;
  domain_name: string;
}

export interface AttributeAsk {
  id: string;
  name: string;
}

const list = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v)
    ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object')
    : [];

/** The categories Mercado Libre predicts for `q` (a product's name), best first. */
export async function predictCategories(
  db: Db,
  sellerId: number,
  q: string,
): Promise<CategoryOption[]> {
  const token = await accessTokenOf(db, sellerId);
  const found = await mlGet(
    token,
    `/sites/MLC/domain_discovery/search?limit=5&q=${encodeURIComponent(q.slice(0, 120))}`,
  );
  return list(found).flatMap((c) => {
    const id = scalar(c.category_id);
    return /^MLC\d{1,12}$/.test(id)
      ? [
          {
            category_id: id,
            category_name: scalar(c.category_name),
            domain_name: scalar(c.domain_name),
          },
        ]
      : [];
  });
}

/** The attributes a listing in `categoryId` must carry, but the barcode Impulsa sends itself. */
export async function requiredAttributes(
  db: Db,
  sellerId: number,
  categoryId: string,
): Promise<AttributeAsk[]> {
  const token = await accessTokenOf(db, sellerId);
  let attributes: unknown;
  try {
    attributes = await mlGet(token, `/categories/${encodeURIComponent(categoryId)}/attributes`);
  } catch (error) {
    if (error instanceof MercadoLibreError && error.status === 404)
      throw new HttpError(400, 'Esa categoría no existe en Mercado Libre.', {
        errors: { category_id: ['Esa categoría no existe en Mercado Libre.'] },
      });
    throw error;
  }
  return list(attributes).flatMap((a) => {
    const tags = (a.tags ?? {}) as Record<string, unknown>;
    const id = scalar(a.id);
    return tags.required === true && id !== 'GTIN' ? [{ id, name: scalar(a.name) || id }] : [];
  });
}

/** Her products not at Mercado Libre yet: what the form offers to publish. */
export async function publishable(
  db: Db,
  sellerId: number,
): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(
      and(
        eq(products.userId, sellerId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(channelLinks)
            .where(
              and(eq(channelLinks.productId, products.id), eq(channelLinks.channel, MERCADOLIBRE)),
            ),
        ),
      ),
    )
    .orderBy(products.name)
    .limit(500);
  return rows;
}

/** Why Mercado Libre refused a listing, in the seller's words. */
function refusal(error: MercadoLibreError, asked: AttributeAsk[]): HttpError {
  const codes = error.causes.map((c) => c.code);
  const message = codes.includes('item.attribute.missing_required')
    ? `Completa lo que Mercado Libre pide para esa categoría: ${asked.map((a) => a.name).join(', ')}.`
    : codes.includes('item.variations.not_allowed')
      ? 'Esa categoría de Mercado Libre no acepta variantes: elige otra.'
      : codes.includes('item.title.length.invalid')
        ? `Mercado Libre acepta nombres de hasta ${MAX_TITLE} caracteres: acórtalo.`
        : `Mercado Libre no aceptó la publicación (${codes.join(', ') || error.status}).`;
  return new HttpError(400, message);
}

/** The listing's body: her product as Mercado Libre describes one. */
function itemOf(product: ProductView, input: PublishInput, brand: string) {
  // What she wrote, the brand left empty being the default's.
  const written = Object.entries(input.attributes).filter(([, value]) => value.trim());
  const attributes = Object.entries({ BRAND: brand, ...Object.fromEntries(written) })
    .filter(([, value]) => value.trim())
    .map(([attributeId, value]) => ({ id: attributeId, value_name: value.trim() }));
  if (product.gtin) attributes.push({ id: 'GTIN', value_name: product.gtin });
  const quantity = (stock: number | null) => (stock === null ? UNLIMITED_QUANTITY : stock);
  const variants = product.variants.filter((v) => v.enabled && quantity(v.stock) > 0);
  const prices = new Set(variants.map((v) => v.price ?? product.price));
  if (prices.size > 1)
    throw new HttpError(
      400,
      'Mercado Libre pide un mismo precio para todas las variantes: iguálalos antes de publicar.',
    );
  const base = {
    site_id: 'MLC',
    title: product.name.slice(0, MAX_TITLE),
    category_id: input.category_id,
    price: [...prices][0] ?? product.price,
    currency_id: 'CLP',
    buying_mode: 'buy_it_now',
    listing_type_id: input.listing_type_id,
    condition: input.condition,
    pictures: product.images.map((i) => ({ source: new URL(i.url, siteUrl()).href })),
    attributes,
  };
  if (!product.options.length) {
    if (quantity(product.stock) < 1)
      throw new HttpError(
        400,
        `No te queda stock de «${product.name}»: agrégalo antes de publicar.`,
      );
    return { ...base, available_quantity: quantity(product.stock) };
  }
  if (!variants.length)
    throw new HttpError(400, `No te queda stock de «${product.name}»: agrégalo antes de publicar.`);
  return {
    ...base,
    variations: variants.map((v) => ({
      attribute_combinations: product.options.map((o, i) => ({
        name: o.name,
        value_name: v.values[i],
      })),
      price: v.price ?? product.price,
      available_quantity: quantity(v.stock),
      attributes: v.sku ? [{ id: 'SELLER_SKU', value_name: v.sku }] : [],
    })),
  };
}

/**
 * Publishes product `input.product` of `sellerId` and links the listing (each variation to its
 * variant). A product already linked is refused: one listing per product keeps one stock simple.
 */
export async function publishProduct(
  db: Db,
  sellerId: number,
  input: PublishInput,
): Promise<{ item_id: string; permalink: string }> {
  const product = await getProduct(db, sellerId, input.product);
  const [linked] = await db
    .select({ itemId: channelLinks.itemId })
    .from(channelLinks)
    .where(and(eq(channelLinks.productId, product.id), eq(channelLinks.channel, MERCADOLIBRE)));
  if (linked)
    throw new HttpError(
      409,
      `«${product.name}» ya está en Mercado Libre (${linked.itemId}): sus ventas y su stock ya van juntos.`,
    );
  const asked = await requiredAttributes(db, sellerId, input.category_id);
  // The brand, unless she wrote one: the product's, else the shop's name (as the feeds say it).
  const brand = product.brand ?? (await shopCheckout(db, sellerId))?.name ?? '';
  const body = itemOf(product, input, brand);
  const token = await accessTokenOf(db, sellerId);
  let item: Record<string, unknown>;
  try {
    item = await mlPost(token, '/items', body);
  } catch (error) {
    if (error instanceof MercadoLibreError && error.status === 400) throw refusal(error, asked);
    throw error;
  }
  const itemId = scalar(item.id);
  const variations = list(item.variations);
  const sent = product.variants.filter((v) => v.enabled && (v.stock === null || v.stock > 0));
  const rows = product.options.length
    ? sent.map((v, i) => ({ variationId: scalar(variations[i]?.id), variantId: v.id }))
    : [{ variationId: '', variantId: null }];
  await db.insert(channelLinks).values(
    rows.map((r) => ({
      sellerId,
      channel: MERCADOLIBRE,
      itemId,
      variationId: r.variationId,
      productId: product.id,
      variantId: r.variantId,
      title: body.title,
    })),
  );
  await enqueueStockPushes(db, [product.id]);
  return { item_id: itemId, permalink: scalar(item.permalink) };
}
