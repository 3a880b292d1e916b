/**
 * «Mis datos» (issue 48, Ley 21.719's access and portability): everything Impulsa holds about a
 * person, as JSON, read only through the person's own id. Secrets never leave: a password's hash,
 * a credential's hash, a sealed payment key. Buyers' details appear only inside the seller's own
 * orders, which are the seller's records.
 */
import { eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/server/db/client';
import {
  authTokens,
  canvases,
  canvasSections,
  categories,
  companies,
  companyDrafts,
  companyStatusHistory,
  discounts,
  lessonProgress,
  media,
  orderEvents,
  orderItems,
  orders,
  productImages,
  products,
  productVariants,
  sitePages,
  sites,
  stores,
  userIdentities,
  users,
} from '@/lib/server/db/schema';

/** Keys that hold a secret, whatever the table: left out of every row. */
const SECRET_KEY = /(hash|secret|apikey)$/i;

function withoutSecrets<T extends Record<string, unknown>>(row: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(row).filter(([key]) => !SECRET_KEY.test(key)),
  ) as Partial<T>;
}
const clean = <T extends Record<string, unknown>>(rows: T[]) => rows.map(withoutSecrets);

/** The rows of `table` whose `column` is one of `ids` (none asked: none read). */
async function rowsIn(
  db: Db,
  table: PgTable,
  column: Parameters<typeof inArray>[0],
  ids: number[],
) {
  if (ids.length === 0) return [];
  return clean(await db.select().from(table).where(inArray(column, ids)));
}

/** What `GET /api/users/me/export/` answers (docs/design.md, «Impulsa's terms and privacy»). */
export async function exportUserData(db: Db, userId: number) {
  const mine = (table: PgTable, column: Parameters<typeof eq>[0]) =>
    db.select().from(table).where(eq(column, userId));
  const [profile] = await db.select().from(users).where(eq(users.id, userId));
  const [myCanvases, myCompanies, myProducts, mySites, myOrders] = await Promise.all([
    mine(canvases, canvases.userId),
    mine(companies, companies.userId),
    mine(products, products.userId),
    mine(sites, sites.userId),
    mine(orders, orders.sellerId),
  ]);
  const ids = (rows: Record<string, unknown>[]) => rows.map((r) => r.id as number);
  const sessions = await db
    .select({
      createdAt: authTokens.createdAt,
      lastUsedAt: authTokens.lastUsedAt,
      expiresAt: authTokens.expiresAt,
    })
    .from(authTokens)
    .where(eq(authTokens.userId, userId));
  return {
    exportedAt: new Date().toISOString(),
    profile: profile ? withoutSecrets(profile) : null,
    consents: profile
      ? [
          { what: 'terms-and-privacy', version: profile.termsVersion, at: profile.termsAcceptedAt },
          ...(profile.analyticsConsent === null
            ? []
            : [
                {
                  what: 'analytics',
                  granted: profile.analyticsConsent,
                  at: profile.analyticsConsentAt,
                },
              ]),
        ]
      : [],
    sessions,
    identities: clean(await mine(userIdentities, userIdentities.userId)),
    canvases: clean(myCanvases),
    canvasSections: await rowsIn(db, canvasSections, canvasSections.canvasId, ids(myCanvases)),
    companyDrafts: clean(await mine(companyDrafts, companyDrafts.userId)),
    companies: clean(myCompanies),
    companyHistory: await rowsIn(
      db,
      companyStatusHistory,
      companyStatusHistory.companyId,
      ids(myCompanies),
    ),
    store: clean(await mine(stores, stores.userId))[0] ?? null,
    categories: clean(await mine(categories, categories.userId)),
    media: clean(await mine(media, media.userId)),
    products: clean(myProducts),
    productVariants: await rowsIn(db, productVariants, productVariants.productId, ids(myProducts)),
    productImages: await rowsIn(db, productImages, productImages.productId, ids(myProducts)),
    sites: clean(mySites),
    sitePages: await rowsIn(db, sitePages, sitePages.siteId, ids(mySites)),
    discountCodes: clean(await mine(discounts, discounts.sellerId)),
    ordersAsSeller: clean(myOrders),
    orderItems: await rowsIn(db, orderItems, orderItems.orderId, ids(myOrders)),
    orderEvents: await rowsIn(db, orderEvents, orderEvents.orderId, ids(myOrders)),
    lessonProgress: clean(await mine(lessonProgress, lessonProgress.userId)),
  };
}
