/**
 * A visitor's cart: kept on the server, keyed by an anonymous cookie (`cart-cookie.ts`). One cart
 * per shop; what the buyer typed at checkout is kept with it, so a failed submit or a reload
 * loses nothing. Every change writes the count cookie the shop headers read.
 */
import type { NoRetractoReason } from '@/lib/shop/no-retracto';
import { hash as digest, randomBytes } from 'node:crypto';
import type { AstroCookies } from 'astro';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  CART_COOKIE,
  CART_COUNT_COOKIE,
  CART_DAYS,
  cartCookieDomain,
  formatCartCounts,
} from '@/lib/checkout/cart-cookie';
import { mergeItems, MAX_LINES, MAX_QUANTITY, type ItemRef } from '@/lib/orders/schemas';
import { PAY_PATHS } from '@/lib/orders/urls';
import { mediaViews, type MediaView } from '@/lib/shop/media.server';
import { variantsOf } from '@/lib/shop/variants.server';
import { mainDomains } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { carts, productImages, products } from '@/lib/server/db/schema';
import { plural } from '@/lib/plural';

/** A cart's line: a product, its variant when it has options, how many. */
export type CartItem = ItemRef;

/** What the checkout form holds between attempts (the form's own field names). */
export type BuyerDraft = Record<string, string>;

const hash = (token: string) => digest('sha256', token, 'base64url');

const cookieOptions = (url: URL, path: string) => ({
  path,
  domain: cartCookieDomain(url.host, mainDomains()),
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: url.protocol === 'https:',
  maxAge: CART_DAYS * 86_400,
});

/** Whether a string can be a cart token (43 base64url characters). */
export const isCartToken = (value: string | null | undefined): value is string =>
  !!value && /^[A-Za-z0-9_-]{43}$/.test(value);

/** Sets the cart cookie to `token` (a cart handed over from another of the shop's hosts). */
export function setCartToken(cookies: AstroCookies, url: URL, token: string): void {
  cookies.set(CART_COOKIE, token, cookieOptions(url, PAY_PATHS.pay));
}

/** The cart cookie's token; with `create`, a new one is set when there is none. */
export function cartToken(cookies: AstroCookies, url: URL, create: boolean): string | null {
  const existing = cookies.get(CART_COOKIE)?.value;
  if (isCartToken(existing)) return existing;
  if (!create) return null;
  const token = randomBytes(32).toString('base64url');
  setCartToken(cookies, url, token);
  return token;
}

/** Writes the count cookie from the visitor's carts (dropped when they are all empty). */
export async function syncCartCounts(
  db: Db,
  cookies: AstroCookies,
  url: URL,
  token: string,
): Promise<void> {
  const rows = await db
    .select({ sellerId: carts.sellerId, items: carts.items })
    .from(carts)
    .where(eq(carts.tokenHash, hash(token)))
    .orderBy(desc(carts.updatedAt));
  const value = formatCartCounts(
    new Map(
      rows.map((r) => [r.sellerId, (r.items as CartItem[]).reduce((n, i) => n + i.quantity, 0)]),
    ),
  );
  const options = cookieOptions(url, '/');
  if (value) cookies.set(CART_COUNT_COOKIE, value, options);
  else if (cookies.has(CART_COUNT_COOKIE))
    cookies.delete(CART_COUNT_COOKIE, { path: '/', domain: options.domain });
}

export interface Cart {
  sellerId: number;
  items: CartItem[];
  buyer: BuyerDraft;
}

/** The cart for `sellerId`, or the one used last when no shop is named; null: none. */
export async function readCart(
  db: Db,
  token: string,
  sellerId: number | null,
): Promise<Cart | null> {
  const [row] = await db
    .select()
    .from(carts)
    .where(
      and(
        eq(carts.tokenHash, hash(token)),
        sellerId === null ? undefined : eq(carts.sellerId, sellerId),
      ),
    )
    .orderBy(desc(carts.updatedAt))
    .limit(1);
  return row
    ? { sellerId: row.sellerId, items: row.items as CartItem[], buyer: row.buyer as BuyerDraft }
    : null;
}

/** The other shops this visitor has a cart in (the checkout links to them). */
export async function otherCarts(db: Db, token: string, sellerId: number): Promise<number[]> {
  const rows = await db
    .select({ sellerId: carts.sellerId, items: carts.items })
    .from(carts)
    .where(eq(carts.tokenHash, hash(token)));
  return rows
    .filter((r) => r.sellerId !== sellerId && (r.items as CartItem[]).length > 0)
    .map((r) => r.sellerId);
}

async function upsert(
  db: Db,
  token: string,
  sellerId: number,
  set: { items?: CartItem[]; buyer?: BuyerDraft },
): Promise<void> {
  await db
    .insert(carts)
    .values({ tokenHash: hash(token), sellerId, items: set.items ?? [], buyer: set.buyer ?? {} })
    .onConflictDoUpdate({
      target: [carts.tokenHash, carts.sellerId],
      set: { ...set, updatedAt: sql`now()` },
    });
}

/** Adds `quantity` of a product (merged with what is there, within the limits). */
export async function addToCart(
  db: Db,
  token: string,
  sellerId: number,
  item: CartItem,
): Promise<void> {
  const current = (await readCart(db, token, sellerId))?.items ?? [];
  const items = mergeItems([...current, item]).slice(0, MAX_LINES);
  await upsert(db, token, sellerId, { items });
}

/**
 * Puts `items` back (a recovered order): a line already there keeps the larger quantity, so
 * following the same link twice does not double the cart.
 */
export async function restoreItems(
  db: Db,
  token: string,
  sellerId: number,
  items: CartItem[],
): Promise<void> {
  const keyOf = (i: CartItem) => `${i.product}:${i.variant ?? ''}`;
  const lines = new Map(
    ((await readCart(db, token, sellerId))?.items ?? []).map((i) => [keyOf(i), i]),
  );
  for (const item of items) {
    const there = lines.get(keyOf(item));
    lines.set(keyOf(item), { ...item, quantity: Math.max(item.quantity, there?.quantity ?? 0) });
  }
  await upsert(db, token, sellerId, { items: mergeItems([...lines.values()]).slice(0, MAX_LINES) });
}

/** Sets a line's quantity (0 removes it); the line is its product and variant. */
export async function setCartQuantity(
  db: Db,
  token: string,
  sellerId: number,
  line: { product: number; variant?: number },
  quantity: number,
): Promise<void> {
  const current = (await readCart(db, token, sellerId))?.items ?? [];
  const items = current.flatMap((i) =>
    i.product !== line.product || i.variant !== line.variant
      ? [i]
      : quantity > 0
        ? [{ ...i, quantity: Math.min(quantity, MAX_QUANTITY) }]
        : [],
  );
  await upsert(db, token, sellerId, { items });
}

export async function saveBuyerDraft(
  db: Db,
  token: string,
  sellerId: number,
  buyer: BuyerDraft,
): Promise<void> {
  await upsert(db, token, sellerId, { buyer });
}

/** Moves the carts of `from` into those of `into` (lines merged per shop), then drops `from`'s. */
export async function mergeCarts(db: Db, from: string, into: string): Promise<void> {
  const moving = await db
    .select()
    .from(carts)
    .where(eq(carts.tokenHash, hash(from)));
  for (const cart of moving) {
    const current = await readCart(db, into, cart.sellerId);
    const items = mergeItems([...(current?.items ?? []), ...(cart.items as CartItem[])]).slice(
      0,
      MAX_LINES,
    );
    const buyer = Object.keys(current?.buyer ?? {}).length
      ? current!.buyer
      : (cart.buyer as BuyerDraft);
    await upsert(db, into, cart.sellerId, { items, buyer });
  }
  await db.delete(carts).where(eq(carts.tokenHash, hash(from)));
}

/** Empties the cart after an order (the buyer's details stay for next time). */
export async function emptyCart(db: Db, token: string, sellerId: number): Promise<void> {
  await db
    .update(carts)
    .set({ items: [], updatedAt: sql`now()` })
    .where(and(eq(carts.tokenHash, hash(token)), eq(carts.sellerId, sellerId)));
}

/** A cart line as the checkout shows it: the product's current name, price, stock and picture. */
export interface CartLine {
  product: number;
  /** The variant, for a product with options; its name is in `name` (`Polera (M / Rojo)`). */
  variant: number | null;
  slug: string;
  name: string;
  price: number;
  quantity: number;
  stock: number | null;
  image: MediaView | null;
  /** Why the line cannot be bought as it is (sold out, fewer left, unpublished), in Spanish. */
  problem: string | null;
  categoryId: number | null;
  /** Why it has no derecho a retracto (the checkout's box names it); null: it has one. */
  noRetracto: NoRetractoReason | null;
}

export async function cartLines(db: Db, sellerId: number, items: CartItem[]): Promise<CartLine[]> {
  if (items.length === 0) return [];
  const ids = items.map((i) => i.product);
  const rows = await db
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.userId, sellerId)));
  const covers = await db
    .select()
    .from(productImages)
    .where(and(inArray(productImages.productId, ids), eq(productImages.position, 0)));
  const media = new Map(
    (
      await mediaViews(
        db,
        covers.map((c) => c.mediaId),
      )
    ).map((m) => [m.id, m]),
  );
  const coverOf = new Map(covers.map((c) => [c.productId, media.get(c.mediaId) ?? null]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const variants = await variantsOf(db, ids);
  const pictures = new Map(
    (
      await mediaViews(db, [
        ...new Set([...variants.values()].flat().flatMap((v) => (v.image ? [v.image] : []))),
      ])
    ).map((m) => [m.id, m]),
  );
  return items.flatMap((item) => {
    const row = byId.get(item.product);
    if (!row) return [];
    const withOptions = (row.options as unknown[]).length > 0;
    const variant =
      item.variant !== undefined
        ? variants.get(row.id)?.find((v) => v.id === item.variant)
        : undefined;
    // A line whose variant is gone (or a product that gained options since) cannot be bought as is.
    if (withOptions !== (variant !== undefined)) return [];
    const stock = variant ? variant.stock : row.stock;
    const problem =
      !row.published || (variant && !variant.enabled)
        ? 'Ya no está a la venta.'
        : stock === 0
          ? 'Se agotó.'
          : stock !== null && stock < item.quantity
            ? `Quedan solo ${plural(stock, 'unidad', 'unidades')}.`
            : null;
    return [
      {
        product: row.id,
        variant: variant?.id ?? null,
        slug: row.slug,
        noRetracto: (row.noRetracto as NoRetractoReason | null) ?? null,
        name: variant ? `${row.name} (${variant.name})` : row.name,
        price: variant?.price ?? row.price,
        quantity: item.quantity,
        stock,
        categoryId: row.categoryId,
        image: (variant?.image && pictures.get(variant.image)) || (coverOf.get(row.id) ?? null),
        problem,
      },
    ];
  });
}
