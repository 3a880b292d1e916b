/**
 * The seller's Mercado Libre listings beside her products (issue 66): read from Mercado Libre with
 * her token (active ones, variation by variation), each with its link or a proposal
 * (`matching.ts`); the seller confirms the links she wants (`PUT …/links/`), which replace hers.
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  accessTokenOf,
  ChannelUnavailable,
  MERCADOLIBRE,
} from '@/lib/channels/mercadolibre/account.server';
import { propose, type Listing, type Proposal } from '@/lib/channels/mercadolibre/matching';
import { mlGet } from '@/lib/channels/mercadolibre/oauth.server';
import { scalar } from '@/lib/channels/mercadolibre/scalar';
import type { Db } from '@/lib/server/db/client';
import { channelAccounts, channelLinks, products, productVariants } from '@/lib/server/db/schema';
import { isUniqueViolation } from '@/lib/server/db/errors';
import { HttpError } from '@/lib/server/http/errors';
import { enqueueStockPushes } from '@/lib/channels/mercadolibre/stock-push.server';

/** Listings read per sync: far above a small seller's catalogue. */
const MAX_LISTINGS = 1000;

type Attribute = { id?: unknown; value_name?: unknown };
const attribute = (list: unknown, id: string): string | null => {
  const found = (Array.isArray(list) ? (list as Attribute[]) : []).find((a) => a.id === id);
  return scalar(found?.value_name) || null;
};

/** Every active listing of the seller, a variation as its own line. */
export async function fetchListings(db: Db, sellerId: number): Promise<Listing[]> {
  const [account] = await db
    .select({ mlUser: channelAccounts.externalUserId })
    .from(channelAccounts)
    .where(and(eq(channelAccounts.userId, sellerId), eq(channelAccounts.channel, MERCADOLIBRE)));
  if (!account) throw new HttpError(409, 'Primero conecta tu cuenta de Mercado Libre.');
  const token = await accessTokenOf(db, sellerId).catch((error: unknown) => {
    if (error instanceof ChannelUnavailable)
      throw new HttpError(409, 'Vuelve a conectar tu cuenta de Mercado Libre.');
    throw error;
  });
  const ids: string[] = [];
  for (let offset = 0; offset < MAX_LISTINGS; offset += 50) {
    const page = await mlGet(
      token,
      `/users/${encodeURIComponent(account.mlUser)}/items/search?status=active&offset=${offset}&limit=50`,
    );
    const results = Array.isArray(page.results) ? page.results.map(scalar).filter(Boolean) : [];
    ids.push(...results);
    const total = Number((page.paging as { total?: unknown } | undefined)?.total ?? 0);
    if (results.length < 50 || ids.length >= total) break;
  }
  const listings: Listing[] = [];
  for (let i = 0; i < ids.length; i += 20) {
    const answers = await mlGet(token, `/items?ids=${ids.slice(i, i + 20).join(',')}`);
    for (const answer of Object.values(answers) as {
      code?: unknown;
      body?: Record<string, unknown>;
    }[]) {
      const item = answer.code === 200 ? answer.body : undefined;
      if (!item) continue;
      const itemId = scalar(item.id);
      const title = scalar(item.title);
      const variations = Array.isArray(item.variations)
        ? (item.variations as Record<string, unknown>[])
        : [];
      if (!variations.length)
        listings.push({
          itemId,
          variationId: '',
          title,
          variationName: '',
          sku: attribute(item.attributes, 'SELLER_SKU'),
          gtin: attribute(item.attributes, 'GTIN'),
          quantity: Number(item.available_quantity) || 0,
        });
      for (const v of variations) {
        const combination = Array.isArray(v.attribute_combinations)
          ? (v.attribute_combinations as Attribute[])
              .map((a) => scalar(a.value_name))
              .filter(Boolean)
          : [];
        listings.push({
          itemId,
          variationId: scalar(v.id),
          title,
          variationName: combination.join(' / '),
          sku: attribute(v.attributes, 'SELLER_SKU'),
          gtin: attribute(v.attributes, 'GTIN'),
          quantity: Number(v.available_quantity) || 0,
        });
      }
    }
  }
  return listings;
}

/** The seller's products as matching reads them. */
export async function candidatesOf(db: Db, sellerId: number) {
  const rows = await db
    .select({ id: products.id, name: products.name, gtin: products.gtin })
    .from(products)
    .where(eq(products.userId, sellerId));
  const variants = rows.length
    ? await db
        .select({
          id: productVariants.id,
          productId: productVariants.productId,
          name: productVariants.name,
          sku: productVariants.sku,
        })
        .from(productVariants)
        .where(
          inArray(
            productVariants.productId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((r) => ({
    product: r.id,
    productName: r.name,
    gtin: r.gtin,
    variants: variants.filter((v) => v.productId === r.id),
  }));
}

export interface ListingView {
  item_id: string;
  variation_id: string | null;
  title: string;
  variation_name: string | null;
  available_quantity: number;
  /** What it is linked to now. */
  linked: { product: number; variant: number | null } | null;
  /** What it looks like, for the seller to confirm. */
  proposed: Proposal | null;
}

/** `GET /api/store/channels/mercadolibre/links/`. */
export async function listingsView(db: Db, sellerId: number): Promise<{ listings: ListingView[] }> {
  const [listings, candidates, links] = await Promise.all([
    fetchListings(db, sellerId),
    candidatesOf(db, sellerId),
    db
      .select()
      .from(channelLinks)
      .where(and(eq(channelLinks.sellerId, sellerId), eq(channelLinks.channel, MERCADOLIBRE))),
  ]);
  return {
    listings: listings.map((l) => {
      const link = links.find((x) => x.itemId === l.itemId && x.variationId === l.variationId);
      return {
        item_id: l.itemId,
        variation_id: l.variationId || null,
        title: l.title,
        variation_name: l.variationName || null,
        available_quantity: l.quantity,
        linked: link ? { product: link.productId, variant: link.variantId } : null,
        proposed: link ? null : propose(l, candidates),
      };
    }),
  };
}

export interface LinkInput {
  item_id: string;
  variation_id?: string | null;
  product: number;
  variant?: number | null;
}

/**
 * Replaces the seller's links with `links`: each listing must be one of hers at Mercado Libre now,
 * each product (and variant) hers, a variation to a variant and a plain listing to a product
 * without options. A refusal says which line and why, and changes nothing.
 */
export async function saveLinks(
  db: Db,
  sellerId: number,
  links: LinkInput[],
): Promise<{ listings: ListingView[] }> {
  const [listings, candidates] = await Promise.all([
    fetchListings(db, sellerId),
    candidatesOf(db, sellerId),
  ]);
  const rows = links.map((link, i) => {
    const variationId = link.variation_id ?? '';
    const listing = listings.find(
      (l) => l.itemId === link.item_id && l.variationId === variationId,
    );
    const product = candidates.find((c) => c.product === link.product);
    const variant = product?.variants.find((v) => v.id === link.variant);
    const refuse = (message: string) => {
      throw new HttpError(400, message, { errors: { [`links.${i}`]: [message] } });
    };
    if (!listing)
      return refuse(`La publicación ${link.item_id} no está activa en tu cuenta de Mercado Libre.`);
    if (!product) return refuse('Ese producto no existe en tu tienda.');
    if (variationId && !variant)
      return refuse(
        `Elige la variante de «${product.productName}» que corresponde a ${listing.variationName}.`,
      );
    if (!variationId && (product.variants.length || link.variant))
      return refuse(`«${listing.title}» no tiene variantes: vincúlala a un producto sin opciones.`);
    return {
      sellerId,
      channel: MERCADOLIBRE,
      itemId: listing.itemId,
      variationId,
      productId: product.product,
      variantId: variant?.id ?? null,
      title: listing.title,
    };
  });
  const keys = new Set(rows.map((r) => `${r.itemId}:${r.variationId}`));
  if (keys.size !== rows.length)
    throw new HttpError(400, 'Cada publicación puede vincularse una sola vez.');
  await db
    .transaction(async (tx) => {
      await tx
        .delete(channelLinks)
        .where(and(eq(channelLinks.sellerId, sellerId), eq(channelLinks.channel, MERCADOLIBRE)));
      if (rows.length) await tx.insert(channelLinks).values(rows);
    })
    .catch((error: unknown) => {
      // The Mercado Libre account was another shop's before, and that shop kept its links.
      if (isUniqueViolation(error))
        throw new HttpError(
          409,
          'Una de esas publicaciones está vinculada en otra tienda de Impulsa.',
        );
      throw error;
    });
  // Mercado Libre shows Impulsa's stock from now on.
  await enqueueStockPushes(db, [...new Set(rows.map((r) => r.productId))]);
  return listingsView(db, sellerId);
}
