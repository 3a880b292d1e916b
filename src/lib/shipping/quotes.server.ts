/**
 * Courier prices for a checkout (issue 65): the shop's connected couriers asked for the buyer's
 * comuna with the order's packed parcel. An answer is kept ten minutes per route and box
 * (`courier_quotes`), so the page, its reloads and placing the order read one price; a courier
 * silent for 3 s or down is `unavailable` (checkout keeps the zone rates) and noted for the seller.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { courierQuotes, products, shippingAccounts, stores } from '@/lib/server/db/schema';
import { log } from '@/lib/server/log';
import {
  sellerCourier,
  CONNECTABLE,
  type ConnectableCourier,
} from '@/lib/shipping/accounts.server';
import { defaultParcelOf } from '@/lib/shipping/origin.server';
import { pack, type Packed } from '@/lib/shipping/parcel';
import { QUOTE_TIMEOUT_MS, type CourierOutcome, type QuoteAnswer } from '@/lib/shipping/provider';

/** How long a courier's price stands for a route and box. */
export const QUOTE_TTL_MS = 10 * 60_000;
/** A courier silent or down is not asked again for this long: the next buyers do not wait 3 s. */
export const DOWN_MS = 60_000;

/** The shop's couriers: where parcels leave from, its default box, and the accepted accounts. */
export interface CourierSetup {
  sellerId: number;
  from: string;
  defaultParcel: unknown;
  providers: ConnectableCourier[];
  /** Couriers that failed a quote in the last minute: asked only from the kept quotes. */
  down: ConnectableCourier[];
}

/** Whether and how the shop ships by courier; null: it does not (no origin or no account). */
export async function courierSetup(db: Db, sellerId: number): Promise<CourierSetup | null> {
  const rows = await db
    .select({
      from: stores.shipFrom,
      parcel: stores.parcel,
      provider: shippingAccounts.provider,
      failedAt: shippingAccounts.quoteFailedAt,
    })
    .from(stores)
    .innerJoin(shippingAccounts, eq(shippingAccounts.userId, stores.userId))
    .where(
      and(
        eq(stores.userId, sellerId),
        isNotNull(stores.shipFrom),
        eq(shippingAccounts.check, 'ok'),
        inArray(shippingAccounts.provider, [...CONNECTABLE]),
      ),
    );
  if (!rows.length) return null;
  return {
    sellerId,
    from: rows[0]!.from!,
    defaultParcel: rows[0]!.parcel,
    providers: rows.map((r) => r.provider as ConnectableCourier),
    down: rows
      .filter((r) => r.failedAt && Date.now() - r.failedAt.getTime() < DOWN_MS)
      .map((r) => r.provider as ConnectableCourier),
  };
}

/** The order's parcel from its lines' products (a line without measures takes the shop's box). */
export async function parcelFor(
  db: Db,
  setup: Pick<CourierSetup, 'defaultParcel'>,
  lines: readonly { product: number; quantity: number }[],
): Promise<Packed> {
  const ids = [...new Set(lines.map((l) => l.product))];
  const rows = ids.length
    ? await db
        .select({
          id: products.id,
          weightG: products.weightG,
          lengthCm: products.lengthCm,
          widthCm: products.widthCm,
          heightCm: products.heightCm,
        })
        .from(products)
        .where(inArray(products.id, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const none = { weightG: null, lengthCm: null, widthCm: null, heightCm: null };
  return pack(
    lines.map((l) => ({ quantity: l.quantity, ...(byId.get(l.product) ?? none) })),
    defaultParcelOf(setup.defaultParcel),
  );
}

/** Per seller too: each account may have rates of its own. */
const cacheKey = (setup: CourierSetup, provider: string, to: string, p: Packed) =>
  `${setup.sellerId}:${provider}:${setup.from}:${to}:${p.weightG}g:${p.lengthCm}x${p.widthCm}x${p.heightCm}`;

/** One courier's answer for the route, from the cache while fresh; null: it failed or hung. */
async function quoteOne(
  db: Db,
  setup: CourierSetup,
  provider: ConnectableCourier,
  to: string,
  parcel: Packed,
): Promise<QuoteAnswer | null> {
  const key = cacheKey(setup, provider, to, parcel);
  const [cached] = await db.select().from(courierQuotes).where(eq(courierQuotes.key, key));
  if (cached && Date.now() - cached.quotedAt.getTime() < QUOTE_TTL_MS)
    return cached.answer as QuoteAnswer;
  if (setup.down.includes(provider)) return null;
  const client = await sellerCourier(db, setup.sellerId, provider);
  if (!client) return null;
  try {
    // The whole quote, its comuna list included, is cut at 3 s: the buyer does not wait longer.
    const answer = await within(client.quote({ from: setup.from, to, parcel }), QUOTE_TIMEOUT_MS);
    const now = new Date();
    await db
      .insert(courierQuotes)
      .values({ key, answer, quotedAt: now })
      .onConflictDoUpdate({ target: courierQuotes.key, set: { answer, quotedAt: now } });
    return answer;
  } catch (error) {
    log.warn('courier quote failed', { provider, sellerId: setup.sellerId, error });
    await db
      .update(shippingAccounts)
      .set({ quoteFailedAt: new Date() })
      .where(
        and(eq(shippingAccounts.userId, setup.sellerId), eq(shippingAccounts.provider, provider)),
      );
    return null;
  }
}

/** `work`, or a rejection after `ms`. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Every courier of the shop asked at once (each cut at 3 s by its adapter). */
export async function courierOptions(
  db: Db,
  setup: CourierSetup,
  to: string,
  parcel: Packed,
): Promise<CourierOutcome> {
  const answers = await Promise.all(
    setup.providers.map(async (provider) => ({
      provider,
      answer: await quoteOne(db, setup, provider, to, parcel),
    })),
  );
  const options = answers.flatMap(({ provider, answer }) =>
    answer?.kind === 'quotes'
      ? answer.quotes.map((q) => ({ ...q, provider, id: `${provider}:${q.courier}` }))
      : [],
  );
  options.sort((a, b) => a.price - b.price);
  if (answers.some((a) => a.answer === null)) return { kind: 'unavailable', options };
  return options.length ? { kind: 'options', options } : { kind: 'no-service' };
}

/**
 * A checkout's courier side: whether the shop ships by courier at all, and the options to `to`
 * (none asked while no comuna is chosen).
 */
export async function quoteCheckout(
  db: Db,
  sellerId: number,
  to: string | null,
  lines: readonly { product: number; quantity: number }[],
): Promise<{ byCourier: boolean; outcome: CourierOutcome }> {
  const setup = await courierSetup(db, sellerId);
  if (!setup) return { byCourier: false, outcome: { kind: 'none' } };
  if (!to || lines.length === 0) return { byCourier: true, outcome: { kind: 'none' } };
  return {
    byCourier: true,
    outcome: await courierOptions(db, setup, to, await parcelFor(db, setup, lines)),
  };
}
