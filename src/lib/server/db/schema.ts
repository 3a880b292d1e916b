/**
 * The one Drizzle schema (PostgreSQL dialect) shared by PGlite and PostgreSQL.
 * Migrations are generated from it into `drizzle/` with `npm run db:generate`.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Binary data (image variants): a Buffer in Node, on both drivers. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A text-search document (`products.search_doc`, migration 0033). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * `text` as the shop's search reads it: accents off, lower case (`shop/search.ts` does the same to
 * what a buyer types). `translate` before `lower`: in the C locale `lower` only folds ASCII.
 */
export const searchableSql = (text: string) =>
  `lower(translate(${text}, 'ÁÀÂÄÉÈÊËÍÌÎÏÓÒÔÖÚÙÛÜÑÇáàâäéèêëíìîïóòôöúùûüñç', ` +
  `'AAAAEEEEIIIIOOOOUUUUNCaaaaeeeeiiiioooouuuunc'))`;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A person with an account. `email` is stored lower-cased. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    /** argon2id PHC string; null for accounts created through Google only. */
    passwordHash: text('password_hash'),
    isTransbankReferral: boolean('is_transbank_referral').notNull().default(false),
    /** The terms and privacy version the person accepted by registering, and when (Ley 21.719). */
    termsVersion: text('terms_version'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** Product analytics by consent (Ley 21.719): true accepted, false declined, null not asked yet. */
    analyticsConsent: boolean('analytics_consent'),
    analyticsConsentAt: timestamp('analytics_consent_at', { withTimezone: true }),
    /** Set when the person deleted the account: the row stays, anonymised, for the records the law keeps. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/**
 * Credentials: API tokens (`Authorization: Token`) and browser sessions (cookie) alike.
 * Only the SHA-256 of the secret is stored.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * The shop this session works in when it is another's, as a member (issue 67); null: the
     * person's own. Believed only while the membership exists (`team/members.server.ts`).
     */
    shopId: integer('shop_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_key').on(t.tokenHash),
    index('auth_tokens_user_idx').on(t.userId),
  ],
);

/** Single-use password reset tokens, hashed, valid one hour. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_hash_key').on(t.tokenHash)],
);

/** An external identity (Google's `sub`) linked to a user. */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] })],
);

/**
 * Fixed-window rate-limit counters kept in the database, so limits hold across
 * several app instances. `bucket` names the rule and its subject (e.g. `login:ip:1.2.3.4`).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] })],
);

/** Virtual-office plans offered in step 02 (reference data, seeded at start). */
export const voPlans = pgTable('vo_plans', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  priceClp: integer('price_clp').notNull(),
  features: jsonb('features').$type<string[]>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** A signed-in user's formation draft per company type, synced from the browser. */
export const companyDrafts = pgTable(
  'company_drafts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    /** Incremented on every save; a save must name the version it started from. */
    version: integer('version').notNull().default(1),
    /** When the person made the edit (browser clock), for "newest edit wins". */
    editedAt: timestamp('edited_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/** A company formation request the user sent. */
export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    companyName: text('company_name').notNull(),
    /** The full-state payload as sent (docs/spec.md §3 field names). */
    payload: jsonb('payload').notNull(),
    voPlanId: integer('vo_plan_id').references(() => voPlans.id),
    status: text('status').notNull().default('enviado'),
    /** Moves with every status change (the back office's optimistic lock). */
    version: integer('version').notNull().default(1),
    /** What the staff asked to correct when observing it (field labels). */
    observedFields: jsonb('observed_fields').notNull().default([]),
    /** Once constituted: the company's RUT, the date and the registry's reference. */
    legalRut: text('legal_rut'),
    constitutedOn: date('constituted_on'),
    registryReference: text('registry_reference'),
    /** The day the company started activities at the SII, as its owner recorded it. */
    activitiesStartedOn: date('activities_started_on'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('companies_user_created_idx').on(t.userId, t.createdAt),
    index('companies_status_created_idx').on(t.status, t.createdAt),
  ],
);

/**
 * The people who run the back office. Added by `npm run staff:add EMAIL` on the server, never
 * through the API; everyone else gets a 404 from `/backoffice` and its API.
 */
export const staffMembers = pgTable('staff_members', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** Every status a company went through, oldest first. */
export const companyStatusHistory = pgTable(
  'company_status_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note').notNull().default(''),
    /** Who moved it: a staff member, or null for the user's own sending. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('company_status_company_idx').on(t.companyId)],
);

/** A business model canvas. */
export const canvases = pgTable(
  'canvases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('canvases_user_updated_idx').on(t.userId, t.updatedAt)],
);

/** One block of a canvas: its notes and a version for conflict detection. */
export const canvasSections = pgTable(
  'canvas_sections',
  {
    canvasId: integer('canvas_id')
      .notNull()
      .references(() => canvases.id, { onDelete: 'cascade' }),
    section: text('section').notNull(),
    notes: jsonb('notes').$type<unknown[]>().notNull().default([]),
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.canvasId, t.section] })],
);

// Shop (issue 10): the seller's settings, categories, products and images.

/** A seller's shop settings: one row per user, created on first read. */
export const stores = pgTable('stores', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull().default(''),
  /** `+569XXXXXXXX` or null. */
  whatsapp: text('whatsapp'),
  contactEmail: text('contact_email'),
  transferDetails: text('transfer_details').notNull().default(''),
  /** The seller's own terms, privacy and returns texts (`shop/legal.ts`); missing: the template. */
  legal: jsonb('legal').notNull().default({}),
  /** Rates by zone, free-shipping threshold and pickup points (`shop/delivery.ts`). */
  delivery: jsonb('delivery').notNull().default({}),
  /** How long an unpaid transfer or WhatsApp order keeps its stock, in hours. */
  holdHours: integer('hold_hours').notNull().default(24),
  /** The share of a product's stock (percent) one buyer may hold in unpaid orders. */
  holdShare: integer('hold_share').notNull().default(50),
  /** The seller's own Webpay Plus commerce code (12 digits); null: Webpay not offered. */
  webpayCommerceCode: text('webpay_commerce_code'),
  /** Its secret key, sealed (`server/secrets.ts`): never sent back, shown by its last characters. */
  webpaySecret: text('webpay_secret'),
  /** The secret's last four characters, so the seller recognises which key is stored. */
  webpaySecretHint: text('webpay_secret_hint'),
  /** `integration` (Transbank's test environment) or `production`. */
  webpayEnvironment: text('webpay_environment').notNull().default('integration'),
  /**
   * What Webpay last said of the account: `ok` (it knows it), `rejected` (it does not), null (not
   * checked since it was saved). Checkout offers Webpay only when `ok`.
   */
  webpayCheck: text('webpay_check'),
  webpayCheckedAt: timestamp('webpay_checked_at', { withTimezone: true }),
  /** The constituted company that sells: its legal name and RUT, on receipts, mails and JSON-LD. */
  legalName: text('legal_name'),
  legalRut: text('legal_rut'),
  /** Who sells, as Ley 19.496 asks every shop page to say: legal address and, for a company, its representative. */
  legalAddress: text('legal_address'),
  legalRepresentative: text('legal_representative'),
  /**
   * A persona natural's own tax start (inicio de actividades) and the RUN it was recorded for:
   * the date counts while the shop sells as that RUN. A company's is on its `companies` row.
   */
  taxStartedOn: date('tax_started_on'),
  taxStartedRut: text('tax_started_rut'),
  /** The comuna (official code) couriers pick parcels up from; null: no courier quotes (issue 65). */
  shipFrom: text('ship_from'),
  /** What a product without a weight or size ships in (`shipping/parcel.ts` `Parcel`); null: 1 kg box. */
  parcel: jsonb('parcel'),
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A seller's product categories, in the seller's order. */
export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('categories_user_slug_key').on(t.userId, t.slug),
    index('categories_user_position_idx').on(t.userId, t.position),
  ],
);

/** An uploaded image: what the seller sees; its encoded variants live in `media_variants`. */
export const media = pgTable(
  'media',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('media_user_idx').on(t.userId, t.id)],
);

/** One encoded variant of an image, addressed by the hash of its bytes (the `/media/{key}` URL). */
export const mediaVariants = pgTable(
  'media_variants',
  {
    key: text('key').primaryKey(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    /** `avif`, `webp` or `jpeg`. */
    format: text('format').notNull(),
    /** `w` (a width of the srcset) or `og` (the 1200×630 share crop). */
    kind: text('kind').notNull().default('w'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [index('media_variants_media_idx').on(t.mediaId)],
);

/** A product of a seller's catalogue. `description` is sanitised HTML. */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** `searchKey(name)`: lower case without accents, so a search for "cojin" finds "Cojín" (a plain LIKE). */
    searchName: text('search_name').notNull().default(''),
    description: text('description').notNull().default(''),
    /**
     * What the shop's search (`/shop?q=`) matches, in Spanish: the name weighs most (A), then the
     * variants' values (B), then the description without its tags (C). Categories join at query time.
     */
    searchDoc: tsvector('search_doc').generatedAlwaysAs(
      sql.raw(
        `setweight(to_tsvector('spanish'::regconfig, ${searchableSql('"name"')}), 'A') || ` +
          `setweight(to_tsvector('spanish'::regconfig, ${searchableSql(
            `jsonb_path_query_array("options", '$[*].values[*]')::text`,
          )}), 'B') || ` +
          `setweight(to_tsvector('spanish'::regconfig, ${searchableSql(
            `regexp_replace("description", '<[^>]*>', ' ', 'g')`,
          )}), 'C')`,
      ),
    ),
    price: integer('price').notNull(),
    compareAtPrice: integer('compare_at_price'),
    /** null: sin límite. A product with variants keeps its stock in each variant instead. */
    stock: integer('stock'),
    /** Up to three options (`[{name: 'Talla', values: ['S', 'M']}]`); each combination a variant. */
    options: jsonb('options').notNull().default([]),
    published: boolean('published').notNull().default(false),
    /** Why the product has no derecho a retracto (`orders/retracto.ts`); null: it has one. */
    noRetracto: text('no_retracto'),
    /** Sold without IVA (DL 825 arts. 12–13): its sales go on a boleta exenta (`invoicing/`). */
    taxExempt: boolean('tax_exempt').notNull().default(false),
    /** The brand the catalogue feeds name (null: the shop's name, for what the seller makes). */
    brand: text('brand'),
    /** The product's barcode (GTIN-8/12/13/14) for the feeds; null: it has none. */
    gtin: text('gtin'),
    /** Its parcel for couriers (`shipping/parcel.ts`), grams and cm; null: the shop's default parcel's. */
    weightG: integer('weight_g'),
    lengthCm: integer('length_cm'),
    widthCm: integer('width_cm'),
    heightCm: integer('height_cm'),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_user_slug_key').on(t.userId, t.slug),
    // Newest first within a seller. Ordering by `created_at` keeps the planner off a backward scan
    // of the primary key, which crawls past every other seller's products for a seller of old ones.
    index('products_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('products_user_category_idx').on(t.userId, t.categoryId),
    index('products_search_idx').using('gin', t.searchDoc),
  ],
);

/**
 * How many products each seller has and has published, kept by triggers on `products`
 * (migration 0004): the catalogue's unfiltered counts cost one row, not a scan of the catalogue.
 */
export const productCounts = pgTable('product_counts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
  published: integer('published').notNull().default(0),
});

/**
 * A counter per user that moves whenever anything the dashboard shows changes, bumped by
 * triggers on the tables its parts read (migration 0009), which announce it (migration 0010). The
 * dashboard's rendering is kept against it (`lib/server/private-answers`), and instances
 * keep the versions they read (`lib/server/private-answers/known-versions.ts`).
 */
export const dashboardVersions = pgTable('dashboard_versions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** Slugs a published product had before a rename: old links redirect to the product. */
export const productOldSlugs = pgTable(
  'product_old_slugs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.slug] })],
);

/** A product's images, in order. */
export const productImages = pgTable(
  'product_images',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.mediaId] }),
    index('product_images_media_idx').on(t.mediaId),
  ],
);

/**
 * A seller's website: served at `<subdomain>.<main domain>` once published, and at its custom
 * domain once that domain's TXT record is verified. `seo` and `theme` are JSON (zod-checked).
 */
export const sites = pgTable(
  'sites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    subdomain: text('subdomain').notNull(),
    customDomain: text('custom_domain'),
    /** `none` (no custom domain), `pending` (waiting for its TXT record) or `verified`. */
    domainStatus: text('domain_status').notNull().default('none'),
    /** The value the custom domain's `_impulsa.` TXT record must hold. */
    domainToken: text('domain_token'),
    /** When the custom domain's DNS was last checked, and why it did not verify (null: it did, or never checked). */
    domainCheckedAt: timestamp('domain_checked_at', { withTimezone: true }),
    domainError: text('domain_error'),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    seo: jsonb('seo').notNull().default({}),
    theme: jsonb('theme').notNull().default({}),
    whatsapp: text('whatsapp'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sites_subdomain_key').on(t.subdomain),
    uniqueIndex('sites_custom_domain_key')
      .on(t.customDomain)
      .where(sql`domain_status = 'verified'`),
    index('sites_user_idx').on(t.userId, t.id),
  ],
);

/**
 * A page of a site: `data` is the Puck document being edited (the draft); `publishedData` what
 * visitors see, copied from `data` by "Publicar" (null: never published).
 */
export const sitePages = pgTable(
  'site_pages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    title: text('title').notNull(),
    data: jsonb('data').notNull(),
    publishedData: jsonb('published_data'),
    publishedTitle: text('published_title'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('site_pages_site_path_key').on(t.siteId, t.path)],
);

/**
 * A buyer's order from one seller's shop. Prices, totals and delivery are the server's, in whole
 * pesos with IVA included. `stockHeld`: the items' units are still taken from stock (true from
 * creation until the order is cancelled, rejected or lapses unpaid). `receiptToken` is the
 * unguessable part of the buyer's receipt link. `webpayState`: `created` (sent to Webpay),
 * `committing` (one request claimed the commit), `done`; null for other payment methods.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    number: text('number').notNull(),
    status: text('status').notNull(),
    paymentMethod: text('payment_method').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerPhone: text('buyer_phone').notNull(),
    deliveryMethod: text('delivery_method').notNull(),
    deliveryAddress: text('delivery_address'),
    /** The comuna's official code (`data/chile`). */
    deliveryComuna: text('delivery_comuna'),
    deliveryPrice: integer('delivery_price').notNull().default(0),
    /** The estimate quoted at checkout ("2 a 4 días hábiles"), kept as the buyer saw it. */
    deliveryEstimate: text('delivery_estimate'),
    /** The pickup point chosen (`{name, address, hours}`), kept as it was when ordered. */
    pickupPoint: jsonb('pickup_point'),
    /** The buyer's note to the shop ("Dejar en conserjería"). */
    notes: text('notes'),
    /** The seller's own note on an order she took (never shown to the buyer). */
    sellerNote: text('seller_note'),
    /** A hash of the buyer's address: with their e-mail, who holds unpaid stock. */
    holder: text('holder'),
    /** The discount code applied (as the seller wrote it) and what it took off, in pesos. */
    discountCode: text('discount_code'),
    discountAmount: integer('discount_amount').notNull().default(0),
    subtotal: integer('subtotal').notNull(),
    total: integer('total').notNull(),
    receiptToken: text('receipt_token').notNull(),
    stockHeld: boolean('stock_held').notNull().default(true),
    /** When an unpaid order gives its stock back. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Where the buyer returns: the site's origin or the app's. */
    origin: text('origin').notNull(),
    webpayToken: text('webpay_token'),
    /** Webpay's payment form, where the buyer's browser posts `token_ws`. */
    webpayUrl: text('webpay_url'),
    webpayState: text('webpay_state'),
    /** What Webpay answered to the commit or status call (amount, card's last digits, authorization code…). */
    webpay: jsonb('webpay'),
    /** A redirect provider's reference for the payment (Flow's token) and where the buyer pays. */
    paymentRef: text('payment_ref'),
    paymentUrl: text('payment_url'),
    /** The reference of a later try at a provider (`H689-BNA3-5`: Flow takes each one once); null: the number. */
    paymentReference: text('payment_reference'),
    /** What the provider last said of the payment (`payments/`). */
    payment: jsonb('payment'),
    /**
     * A transfer or WhatsApp order the buyer chose to pay by card on its receipt page: the method
     * and hold it goes back to when that payment does not happen (`payments/receipt-pay.server.ts`).
     */
    fallbackMethod: text('fallback_method'),
    fallbackExpiresAt: timestamp('fallback_expires_at', { withTimezone: true }),
    /** Paid after it lapsed with its stock gone: the seller owes the buyer a refund. */
    refundDue: boolean('refund_due').notNull().default(false),
    /** Why the order was rejected or cancelled, in Spanish, for the buyer's page. */
    reason: text('reason'),
    /** The shipment's tracking number and carrier (`CARRIERS`), set when the order is sent. */
    trackingNumber: text('tracking_number'),
    carrier: text('carrier'),
    /**
     * The courier the buyer chose at checkout (`{provider, courier, name, days}`, issue 65); null: the
     * shop's own zone rate, pickup, or an order taken by the seller.
     */
    courier: jsonb('courier'),
    /** The buyer's unticked-by-default yes to the shop's marketing (Ley 21.719); nothing else allows it. */
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    /** When the buyer's personal fields were erased (`orders/anonymise.server.ts`). */
    buyerAnonymisedAt: timestamp('buyer_anonymised_at', { withTimezone: true }),
    /** A business buyer's details for a factura (`InvoiceDetails`); null: a boleta. */
    invoice: jsonb('invoice'),
    /**
     * Who sold, as the shop said when the order was placed (`LegalEntity`): the receipt, the mails
     * and the tax document keep it after the seller switches from persona natural to a company.
     */
    soldBy: jsonb('sold_by'),
    /** Where the sale was made (`orders/channels.ts`): the shop itself, or Mercado Libre (issue 66). */
    channel: text('channel').notNull().default('tienda'),
    /** A sale at the counter (issue 67): how it was paid (`efectivo`, `transferencia`, `tarjeta`). */
    counterMethod: text('counter_method'),
    /** Who in the shop made the sale at the counter (the owner or a member): the day's cierre. */
    counterBy: integer('counter_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the buyer asked to withdraw (derecho a retracto, Ley 19.496 art. 3 bis). */
    retractoRequestedAt: timestamp('retracto_requested_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    uniqueIndex('orders_receipt_token_key').on(t.receiptToken),
    uniqueIndex('orders_webpay_token_key').on(t.webpayToken),
    uniqueIndex('orders_payment_ref_key').on(t.paymentMethod, t.paymentRef),
    index('orders_seller_created_idx').on(t.sellerId, t.createdAt, t.id),
    index('orders_seller_status_idx').on(t.sellerId, t.status, t.createdAt),
    index('orders_seller_channel_idx')
      .on(t.sellerId, t.channel, t.createdAt)
      .where(sql`channel <> 'tienda'`),
    // A customer's orders, and the rows of a page of customers (`customers.server.ts`).
    index('orders_seller_email_idx').on(t.sellerId, sql`lower(trim(${t.buyerEmail}))`),
    index('orders_held_expires_idx')
      .on(t.expiresAt)
      .where(sql`stock_held and status = 'pendiente_pago'`),
  ],
);

/** An order's lines, copied from the products at the time of the order. */
/** Each status an order reached, when, and the seller's note: the buyer's timeline. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note'),
    /** Who made the move: the owner or a member (issue 67); null for the buyer, a job or a courier. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The variant bought, and its name (`M / Rojo`) as it was; null for a product without options. */
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    variantName: text('variant_name'),
    name: text('name').notNull(),
    /** The product's «Sin derecho a retracto» reason when it was bought (`orders/retracto.ts`). */
    noRetracto: text('no_retracto'),
    /** The product was exempt of IVA when it was bought: its line is exento on the document. */
    taxExempt: boolean('tax_exempt').notNull().default(false),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    /**
     * Sold at a channel when Impulsa's stock had not enough (issue 66): nothing was taken, so
     * nothing goes back if the order is cancelled.
     */
    stockShort: boolean('stock_short').notNull().default(false),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/**
 * One-time codes that carry a cart's token between a custom domain and the main domain (cookies
 * cannot cross them): single use, valid for a minute, so a buyer keeps one cart per shop.
 */
export const cartLinks = pgTable('cart_links', {
  codeHash: text('code_hash').primaryKey(),
  token: text('token').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A seller's discount code: a percentage or an amount off the products, from a minimum order,
 * between two dates, for all products or only some (`productIds`/`categoryIds`), with total and
 * per-buyer limits. `uses` counts the orders holding it, taken in the order's transaction.
 */
export const discounts = pgTable(
  'discounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Upper case, as buyers type it in any case. */
    code: text('code').notNull(),
    /** `percent` or `amount`. */
    kind: text('kind').notNull(),
    /** Percent (1–100) or pesos. */
    value: integer('value').notNull(),
    minSubtotal: integer('min_subtotal'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerBuyer: integer('max_uses_per_buyer'),
    productIds: jsonb('product_ids').notNull().default([]),
    categoryIds: jsonb('category_ids').notNull().default([]),
    active: boolean('active').notNull().default(true),
    uses: integer('uses').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('discounts_seller_code_key').on(t.sellerId, t.code)],
);

/** Each order that holds a use of a code (given back when the order is cancelled or lapses). */
export const discountUses = pgTable(
  'discount_uses',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    discountId: integer('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    buyerEmail: text('buyer_email').notNull(),
  },
  (t) => [index('discount_uses_discount_idx').on(t.discountId, t.buyerEmail)],
);

/**
 * A visitor's cart in one seller's shop, keyed by the SHA-256 of the anonymous cart cookie (sent
 * only to `/pay`). `buyer` keeps what they typed in the checkout form, so a failed submit or a
 * reload loses nothing.
 */
export const carts = pgTable(
  'carts',
  {
    tokenHash: text('token_hash').notNull(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    items: jsonb('items').notNull().default([]),
    buyer: jsonb('buyer').notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tokenHash, t.sellerId] }),
    index('carts_updated_idx').on(t.updatedAt),
  ],
);

/** Where a person is in each lesson (lessons themselves are content files, keyed by their frontmatter `id`). */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id').notNull(),
    /** Tenths of a second into the video (an integer, like every amount we keep). */
    positionTenths: integer('position_tenths').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] })],
);

/**
 * Visits to a published product's page per day (Santiago's calendar), on the main domain and on
 * the seller's site together: counted on the server without cookies or anything about the visitor
 * (`figures/visit-buffer.server.ts`), written in batches.
 */
export const productVisits = pgTable(
  'product_visits',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    visits: integer('visits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.day] })],
);

/** Visits to a published site's pages (its own pages and `/shop`) per day, as `productVisits`. */
export const pageVisits = pgTable(
  'page_visits',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    day: date('day').notNull(),
    visits: integer('visits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.path, t.day] })],
);

/**
 * One combination of a product's option values (`values` in the options' order; `name` them
 * joined, `M / Rojo`), with its own price (null: the product's), stock (null: sin límite), SKU
 * and picture (one of the product's images). Taken from stock by the same conditional update as
 * a product; `enabled` false: the combination is not sold.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    values: jsonb('values').notNull(),
    name: text('name').notNull(),
    price: integer('price'),
    compareAtPrice: integer('compare_at_price'),
    stock: integer('stock'),
    sku: text('sku'),
    imageId: integer('image_id').references(() => media.id, { onDelete: 'set null' }),
    enabled: boolean('enabled').notNull().default(true),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('product_variants_product_name_key').on(t.productId, t.name),
    index('product_variants_product_idx').on(t.productId, t.position),
  ],
);

/**
 * The durable job queue (`server/queue/`): every mail and every background job. A job is written
 * in the same transaction as the change that causes it, claimed by one worker at a time (a lease
 * that a crash lets expire) and retried with backoff until it succeeds or gives up.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** pending → running → done | failed; a running job whose lease ran out is pending again. */
    status: text('status').notNull().default('pending'),
    /** Enqueueing the same key again does nothing: a retry or a second event never doubles a job. */
    key: text('key').unique(),
    /** What the job is about (`order:12`), so a page can show its mails' state. */
    ref: text('ref'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** A recurring job (the order sweep) runs again this many seconds after it ends. */
    repeatSeconds: integer('repeat_seconds'),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`status in ('pending', 'running')`),
    index('jobs_ref_idx')
      .on(t.ref)
      .where(sql`ref is not null`),
    index('jobs_failed_idx')
      .on(t.finishedAt)
      .where(sql`status = 'failed'`),
  ],
);

/**
 * Browsers a person has signed in from (a random id in the `impulsa_device` cookie, stored
 * hashed). While an account is under a password-guessing run, only these, or a browser the
 * person unlocked from a mailed link, may try its password.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/** Single-use links that let a new browser sign in to an account under attack (one hour). */
export const deviceUnlocks = pgTable('device_unlocks', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * One-time keys of forms that create something (`server/http/once.ts`): a repeated POST (the back
 * button, a double click, a retry) finds its key and answers with what the first one made.
 */
export const formKeys = pgTable(
  'form_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Where the first POST sent the person; null while it is still running. */
    result: text('result'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * A seller's electronic invoicing account (issue 49): the provider, its environment, the API key
 * sealed like the Webpay key (`server/secrets.ts`), and who the provider says the taxpayer is
 * (`issuer`: RUT, razón social, giro, address), which every document's Emisor copies.
 */
export const invoicingAccounts = pgTable('invoicing_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  environment: text('environment').notNull(),
  apiKey: text('api_key').notNull(),
  apiKeyHint: text('api_key_hint').notNull(),
  issuer: jsonb('issuer'),
  /** What the provider last said of the key: `ok`, `rejected`, or null (not asked yet). */
  check: text('check'),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A seller's account with a payment provider that sends the buyer to its own page (issue 50):
 * Flow (`key_id` the API key, `secret` the secret key) and Mercado Pago. The secret is sealed
 * like the Webpay key (`server/secrets.ts`). Checkout offers a provider only once it said `ok`.
 */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    environment: text('environment').notNull(),
    keyId: text('key_id').notNull(),
    secret: text('secret').notNull(),
    secretHint: text('secret_hint').notNull(),
    /** What the provider last said of the account: `ok`, `rejected`, or null (not asked yet). */
    check: text('check'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

export const shippingAccounts = pgTable(
  'shipping_accounts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    keyId: text('key_id').notNull(),
    secret: text('secret').notNull(),
    secretHint: text('secret_hint').notNull(),
    /** What the courier last said of the account: `ok`, `rejected`, or null (not asked yet). */
    check: text('check'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** The last time a checkout's quote found the courier silent (3 s) or down: said on `/despacho`. */
    quoteFailedAt: timestamp('quote_failed_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/**
 * A shop's account at a sales channel (issue 66: Mercado Libre), connected by OAuth: its tokens
 * sealed (`server/secrets.ts`), never sent back. One channel account belongs to one shop.
 */
export const channelAccounts = pgTable(
  'channel_accounts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    /** The seller's id at the channel (Mercado Libre's `user_id`): its notifications name it. */
    externalUserId: text('external_user_id').notNull(),
    nickname: text('nickname').notNull().default(''),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A refresh claimed until then by one request (the refresh token is single-use). */
    refreshingUntil: timestamp('refreshing_until', { withTimezone: true }),
    /** `reauth`: the channel refused the grant; nothing syncs until the seller connects again. */
    problem: text('problem'),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.channel] }),
    uniqueIndex('channel_accounts_external_key').on(t.channel, t.externalUserId),
  ],
);

/**
 * A listing at a channel tied to the Impulsa product (or variant) whose stock it shows (issue 66):
 * one listing, or one of its variations (`variation_id`, '' for none), to one of the seller's
 * products. The seller confirms each; Impulsa's stock is the one that decides.
 */
export const channelLinks = pgTable(
  'channel_links',
  {
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    itemId: text('item_id').notNull(),
    variationId: text('variation_id').notNull().default(''),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    /** The listing's title when linked, for the seller's list. */
    title: text('title').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.channel, t.itemId, t.variationId] }),
    index('channel_links_product_idx').on(t.sellerId, t.productId),
  ],
);

/**
 * An order imported from a sales channel (issue 66), keyed by the channel's order id so it is never
 * imported twice: the pack its boleta is uploaded to, and what the upload last did. The buyer's
 * nickname at the channel is personal data (`privacy/registry.ts`).
 */
export const channelOrders = pgTable(
  'channel_orders',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    externalId: text('external_id').notNull(),
    /** Mercado Libre's pack (the order's id when it has none): where the boleta goes. */
    packId: text('pack_id').notNull(),
    buyerNickname: text('buyer_nickname'),
    /** Lines sold without enough stock in Impulsa: the seller was told. */
    short: boolean('short').notNull().default(false),
    documentUploadedAt: timestamp('document_uploaded_at', { withTimezone: true }),
    /** Why the boleta's upload failed last, in Spanish, for the order's page. */
    documentError: text('document_error'),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('channel_orders_external_key').on(t.channel, t.externalId)],
);

/**
 * A courier's answer for one route and parcel (`shipping/quotes.server.ts`), kept a few minutes so
 * the checkout page and placing the order read the same price, and a reload asks nobody. No person's
 * data: comunas and a box.
 */
export const courierQuotes = pgTable('courier_quotes', {
  key: text('key').primaryKey(),
  answer: jsonb('answer').notNull(),
  quotedAt: timestamp('quoted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An order's shipment at a courier (issue 65), born `requested` when the seller presses «Crear
 * envío»; the keyed job creates it at the courier once and keeps its id, then fills in the tracking
 * and the label when the courier has them.
 */
export const shipments = pgTable(
  'shipments',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    courier: text('courier').notNull(),
    /** `requested` (queued), `created` (the courier has it), `failed` (refused: `problem` says why). */
    state: text('state').notNull().default('requested'),
    /** The courier's id of the shipment (Shipit's numeric id, as text). */
    externalId: text('external_id'),
    /** The courier's own word for where it is (`in_transit`, `delivered`…). */
    courierStatus: text('courier_status'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    labelUrl: text('label_url'),
    /** The courier's refusal, in Spanish, for the order's page. */
    problem: text('problem'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** When the courier was last asked (the sweep asks the oldest first). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /**
     * When this attempt's creation was sent to a courier that takes a reference more than once
     * (Starken): a retry finding it set cannot know whether the courier made the shipment, and
     * leaves it to the seller instead of making a second one.
     */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shipments_seller_idx').on(t.sellerId, t.createdAt),
    uniqueIndex('shipments_external_key').on(t.provider, t.externalId),
  ],
);

/**
 * Each shop's accounts with couriers (issue 65, `shipping/accounts.server.ts`): the public part
 * (Shipit's e-mail) and the sealed token, shown by its last four characters.
 */

/**
 * A shop's buyers who said «no more publicity» (Ley 19.496 art. 28 B): by e-mail as the customers
 * list groups it. An order placed after `optedOutAt` with the consent ticked opts back in.
 */
export const marketingOptOuts = pgTable(
  'marketing_opt_outs',
  {
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.email] })],
);

/**
 * The tax documents of orders: one boleta (39), boleta exenta (41) or factura (33) per paid order,
 * and a nota de crédito (61) when a paid order is cancelled. `idempotencyKey` is what the provider
 * sees, so a retried job never emits twice; the PDF is kept to serve it from our side.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dteType: integer('dte_type').notNull(),
    /** `pendiente` until the provider answers, then `emitida`; `fallida` when it refused the document. */
    status: text('status').notNull().default('pendiente'),
    idempotencyKey: text('idempotency_key').notNull(),
    folio: integer('folio'),
    token: text('token'),
    pdf: bytea('pdf'),
    neto: integer('neto').notNull(),
    iva: integer('iva').notNull(),
    exento: integer('exento').notNull(),
    total: integer('total').notNull(),
    /** Its date (`FchEmis`): the month it is declared in (Formulario 29). */
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    /** Emitted by the seller in the SII's own system and recorded here by its folio (no PDF). */
    byHand: boolean('by_hand').notNull().default(false),
    /** The provider's refusal, in its words, for the seller. */
    error: text('error'),
    /** When the seller was told that the document keeps failing (once). */
    warnedAt: timestamp('warned_at', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_documents_key').on(t.idempotencyKey),
    uniqueIndex('tax_documents_order_type_key').on(t.orderId, t.dteType),
    index('tax_documents_seller_date_idx').on(t.sellerId, t.documentDate),
  ],
);

/**
 * The people who work in a shop besides its owner (issue 67): one shop per member, the owner being
 * the user the shop belongs to (`shopId`). What each may do is its permissions (`team/permissions.ts`),
 * preset by its role and checked on the server for every route.
 */
export const shopMembers = pgTable(
  'shop_members',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `ventas` or `catalogo`: the preset the permissions started from. */
    role: text('role').notNull(),
    permissions: jsonb('permissions').$type<string[]>().notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('shop_members_shop_idx').on(t.shopId)],
);

/** An invitation to a shop, by mail: single use, valid 7 days, its secret kept only as a hash. */
export const shopInvitations = pgTable(
  'shop_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    permissions: jsonb('permissions').$type<string[]>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shop_invitations_token_key').on(t.tokenHash),
    index('shop_invitations_shop_idx').on(t.shopId),
  ],
);
