/**
 * THE registry of personal data (Ley 21.719): every table that holds a person's data (an account
 * holder's, or a shop's buyer's) says here what deleting the account does to it, what «Mis datos»
 * exports of it, and what a shop's data request for a buyer does. Account deletion
 * (`account-deletion.server.ts`) and the export (`accounts/export.server.ts`) are derived
 * from it, and a unit test over the schema fails when a table that refers to `users` or holds a
 * buyer's fields is missing (`tests/unit/privacy/registry.test.ts`).
 */
import { and, eq, getTableName, ne, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { tags, type CacheTag } from '@/lib/server/cache/tags';
import {
  authTokens,
  canvases,
  canvasSections,
  carts,
  categories,
  companies,
  companyDrafts,
  companyStatusHistory,
  dashboardVersions,
  deviceUnlocks,
  discounts,
  discountUses,
  formKeys,
  invoicingAccounts,
  jobs,
  knownDevices,
  lessonProgress,
  marketingOptOuts,
  media,
  mediaVariants,
  orderEvents,
  orderItems,
  orders,
  passwordResets,
  paymentAccounts,
  shippingAccounts,
  channelAccounts,
  channelLinks,
  channelOrders,
  shipments,
  productCounts,
  productImages,
  productOldSlugs,
  products,
  productVariants,
  rateLimits,
  sitePages,
  sites,
  shopInvitations,
  shopMembers,
  staffMembers,
  stores,
  taxDocuments,
  userIdentities,
  users,
} from '@/lib/server/db/schema';

/** What deleting the account does to a table's rows. */
export type Deletion =
  /** Deleted: the rows whose `owner` is the person (`where` narrows it). */
  | { erase: 'rows'; where?: (userId: number) => SQL }
  /** Deleted by the database with the parent row they belong to (a foreign key's cascade). */
  | { erase: 'with parent' }
  /** The row stays and its personal fields go: `how` says which, done by the code named. */
  | { anonymise: string }
  /** Kept as it is, because a law says so. */
  | { keep: string };

/** What «Mis datos» exports of a table: its rows under `key` (without secrets), or why not. */
export type Export =
  | { key: string; single?: boolean; omit?: readonly string[] }
  /** Exported by `exportUserData` in a shape of its own (the profile, the sessions). */
  | { custom: string }
  | { none: string };

export interface PersonalTable {
  table: PgTable;
  /** Whose data the rows hold. */
  of: 'account' | 'buyer' | 'account and buyer';
  /** The column that names the account a row belongs to. */
  owner?: PgColumn;
  /** Or the rows belong to the account through a parent's rows, exported before them. */
  via?: { column: PgColumn; parent: PgTable };
  /** Published rows whose cached pages go when they are deleted. */
  tag?: (id: number) => CacheTag;
  deletion: Deletion;
  export: Export;
  /** What a shop's data request for one of its buyers does (`orders/data-requests.server.ts`). */
  buyerRequest?: string;
}

const TAX_RECORDS =
  'Código Tributario art. 17 y 200: la contabilidad y sus respaldos se guardan seis años';

/** In the order the deletion runs: a table's rows before the tables that point at them. */
export const PERSONAL_DATA: readonly PersonalTable[] = [
  {
    table: users,
    of: 'account',
    deletion: {
      anonymise:
        'tombstone: name, e-mail, password, consents gone (delete-account.server.ts); the id stays ' +
        'for the kept orders and documents',
    },
    export: { custom: 'profile and consents' },
  },
  {
    table: sites,
    of: 'account',
    owner: sites.userId,
    tag: tags.site,
    deletion: { erase: 'rows' },
    export: { key: 'sites' },
  },
  {
    table: sitePages,
    of: 'account',
    via: { column: sitePages.siteId, parent: sites },
    deletion: { erase: 'with parent' },
    export: { key: 'sitePages' },
  },
  {
    table: products,
    of: 'account',
    owner: products.userId,
    tag: tags.product,
    deletion: { erase: 'rows' },
    export: { key: 'products' },
  },
  {
    table: productVariants,
    of: 'account',
    via: { column: productVariants.productId, parent: products },
    deletion: { erase: 'with parent' },
    export: { key: 'productVariants' },
  },
  {
    table: productImages,
    of: 'account',
    via: { column: productImages.productId, parent: products },
    deletion: { erase: 'with parent' },
    export: { key: 'productImages' },
  },
  {
    table: productOldSlugs,
    of: 'account',
    owner: productOldSlugs.userId,
    deletion: { erase: 'rows' },
    export: { none: 'old addresses of products, kept only to redirect them' },
  },
  {
    table: media,
    of: 'account',
    owner: media.userId,
    tag: tags.media,
    deletion: { erase: 'rows' },
    export: { key: 'media' },
  },
  {
    table: mediaVariants,
    of: 'account',
    via: { column: mediaVariants.mediaId, parent: media },
    deletion: { erase: 'with parent' },
    export: { none: 'resized copies of the exported media' },
  },
  {
    table: categories,
    of: 'account',
    owner: categories.userId,
    tag: tags.category,
    deletion: { erase: 'rows' },
    export: { key: 'categories' },
  },
  {
    table: authTokens,
    of: 'account',
    owner: authTokens.userId,
    deletion: { erase: 'rows' },
    export: { custom: 'sessions: when made, last used and ending, never the token' },
  },
  {
    table: passwordResets,
    of: 'account',
    owner: passwordResets.userId,
    deletion: { erase: 'rows' },
    export: { none: 'one-time links, valid one hour' },
  },
  {
    table: userIdentities,
    of: 'account',
    owner: userIdentities.userId,
    deletion: { erase: 'rows' },
    export: { key: 'identities' },
  },
  {
    table: knownDevices,
    of: 'account',
    owner: knownDevices.userId,
    deletion: { erase: 'rows' },
    export: { none: 'hashes of devices signed in from, no more readable than a password' },
  },
  {
    table: deviceUnlocks,
    of: 'account',
    owner: deviceUnlocks.userId,
    deletion: { erase: 'rows' },
    export: { none: 'one-time links, valid one hour' },
  },
  {
    table: formKeys,
    of: 'account',
    owner: formKeys.userId,
    deletion: { erase: 'rows' },
    export: { none: 'keys that make a repeated form post one thing, forgotten within a day' },
  },
  {
    table: canvases,
    of: 'account',
    owner: canvases.userId,
    deletion: { erase: 'rows' },
    export: { key: 'canvases' },
  },
  {
    table: canvasSections,
    of: 'account',
    via: { column: canvasSections.canvasId, parent: canvases },
    deletion: { erase: 'with parent' },
    export: { key: 'canvasSections' },
  },
  {
    table: companyDrafts,
    of: 'account',
    owner: companyDrafts.userId,
    deletion: { erase: 'rows' },
    export: { key: 'companyDrafts' },
  },
  {
    table: lessonProgress,
    of: 'account',
    owner: lessonProgress.userId,
    deletion: { erase: 'rows' },
    export: { key: 'lessonProgress' },
  },
  {
    table: stores,
    of: 'account',
    owner: stores.userId,
    deletion: { erase: 'rows' },
    export: { key: 'store', single: true },
  },
  {
    table: paymentAccounts,
    of: 'account',
    owner: paymentAccounts.userId,
    deletion: { erase: 'rows' },
    export: { key: 'paymentAccounts' },
  },
  {
    table: shippingAccounts,
    of: 'account',
    owner: shippingAccounts.userId,
    deletion: { erase: 'rows' },
    export: { key: 'shippingAccounts' },
  },
  {
    table: channelAccounts,
    of: 'account',
    owner: channelAccounts.userId,
    deletion: { erase: 'rows' },
    export: { key: 'channelAccounts' },
  },
  {
    table: channelLinks,
    of: 'account',
    owner: channelLinks.sellerId,
    deletion: { erase: 'rows' },
    export: { key: 'channelLinks' },
  },
  {
    table: invoicingAccounts,
    of: 'account',
    owner: invoicingAccounts.userId,
    deletion: { erase: 'rows' },
    export: { key: 'invoicingAccounts' },
  },
  {
    table: discounts,
    of: 'account',
    owner: discounts.sellerId,
    deletion: { erase: 'rows' },
    export: { key: 'discountCodes' },
  },
  {
    table: discountUses,
    of: 'buyer',
    via: { column: discountUses.discountId, parent: discounts },
    deletion: { erase: 'with parent' },
    export: { none: 'which order used which code: in the exported orders' },
    buyerRequest: 'the buyer’s e-mail replaced by a mark of the order (anonymise.server.ts)',
  },
  {
    table: carts,
    of: 'buyer',
    owner: carts.sellerId,
    deletion: { erase: 'rows' },
    export: { none: 'visitors’ carts: the buyers’ data, not the seller’s' },
    buyerRequest: 'the carts that carry the buyer’s e-mail are deleted (data-requests.server.ts)',
  },
  {
    table: marketingOptOuts,
    of: 'buyer',
    owner: marketingOptOuts.sellerId,
    deletion: { erase: 'rows' },
    export: { none: 'the shop’s buyers who asked for no publicity: their data, not the seller’s' },
    buyerRequest: 'the buyer’s opt-outs are deleted with their data (data-requests.server.ts)',
  },
  {
    table: shopMembers,
    of: 'account',
    owner: shopMembers.userId,
    // Both sides end: the person's place in a team, and the team of a shop whose owner leaves.
    deletion: {
      erase: 'rows',
      where: (userId) => or(eq(shopMembers.userId, userId), eq(shopMembers.shopId, userId))!,
    },
    export: { key: 'teamMemberships' },
  },
  {
    table: shopInvitations,
    of: 'account',
    owner: shopInvitations.shopId,
    // The invitee's address was the owner's to send to; it goes with the owner's account.
    deletion: { erase: 'rows' },
    export: { key: 'teamInvitations', omit: ['tokenHash'] },
  },
  {
    table: staffMembers,
    of: 'account',
    owner: staffMembers.userId,
    deletion: { erase: 'rows' },
    export: { none: 'a mark that the account is Impulsa staff' },
  },
  {
    table: productCounts,
    of: 'account',
    owner: productCounts.userId,
    deletion: { erase: 'rows' },
    export: { none: 'counts kept by triggers, derived from the exported products' },
  },
  {
    table: dashboardVersions,
    of: 'account',
    owner: dashboardVersions.userId,
    deletion: {
      keep: 'a bare number with nothing personal in it, which triggers bump as the kept orders change',
    },
    export: { none: 'a number that changes when the dashboard does' },
  },
  {
    table: companies,
    of: 'account',
    owner: companies.userId,
    deletion: {
      erase: 'rows',
      // A constituted company's file is the registry's (Ley 20.659); one in progress is the person's.
      where: (userId) => and(eq(companies.userId, userId), ne(companies.status, 'constituida'))!,
    },
    export: { key: 'companies' },
  },
  {
    table: companyStatusHistory,
    of: 'account',
    via: { column: companyStatusHistory.companyId, parent: companies },
    deletion: { keep: 'Ley 20.659: the history of a constituted company stays with its file' },
    export: { key: 'companyHistory' },
  },
  {
    table: orders,
    of: 'account and buyer',
    owner: orders.sellerId,
    deletion: {
      anonymise:
        `${TAX_RECORDS}; the buyers' name, e-mail, phone, address, notes, the seller's note and ` +
        'the holder go ' +
        '(anonymise.server.ts)',
    },
    export: { key: 'ordersAsSeller' },
    buyerRequest: 'exported (JSON, CSV) or anonymised, the sale kept (anonymise.server.ts)',
  },
  {
    table: orderItems,
    of: 'account',
    via: { column: orderItems.orderId, parent: orders },
    deletion: { keep: TAX_RECORDS },
    export: { key: 'orderItems' },
  },
  {
    table: orderEvents,
    of: 'account',
    via: { column: orderEvents.orderId, parent: orders },
    deletion: { keep: TAX_RECORDS },
    export: { key: 'orderEvents' },
  },
  {
    table: channelOrders,
    of: 'buyer',
    via: { column: channelOrders.orderId, parent: orders },
    deletion: {
      anonymise:
        'the buyer’s nickname at the channel goes with the order’s buyer (anonymise.server.ts)',
    },
    export: { key: 'channelOrders' },
    buyerRequest: 'the nickname goes with the order’s buyer (anonymise.server.ts)',
  },
  {
    table: shipments,
    of: 'account and buyer',
    owner: shipments.sellerId,
    // The buyer's address went to the courier with the shipment; the row keeps only its tracking.
    deletion: { erase: 'rows' },
    export: { key: 'shipments' },
    buyerRequest:
      'kept with the order: a tracking number and the courier’s link, no name or address; ' +
      'the courier keeps the address it delivered to under its own terms',
  },
  {
    table: taxDocuments,
    of: 'account',
    owner: taxDocuments.sellerId,
    deletion: { keep: `${TAX_RECORDS}; Res. Ex. SII 74/2020 for boletas` },
    export: { key: 'taxDocuments', omit: ['pdf'] },
  },
  {
    table: jobs,
    of: 'account and buyer',
    deletion: {
      keep:
        'a mail waiting to go keeps its recipient until sent; a done job keeps no body and is ' +
        'purged after 30 days (jobs.server.ts)',
    },
    export: { none: 'mails on their way: what they say is in the orders and the account' },
  },
  {
    table: rateLimits,
    of: 'account and buyer',
    deletion: { keep: 'counters by address or e-mail hash, each gone within its window' },
    export: { none: 'counters of requests, kept for an hour at most' },
  },
];

/** The registry's entry of `table`, by its name in the database. */
export const registryEntry = (table: PgTable): PersonalTable | undefined =>
  PERSONAL_DATA.find((entry) => getTableName(entry.table) === getTableName(table));
