/**
 * A seller's sites and their pages (`/api/sites/…`, docs/design.md §7), publishing, and what the public
 * hosts need: the published site of a host and the data its blocks show.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ModuleProgress } from '@/lib/modules';
import type { SiteHost } from '@/lib/routing/hosts';
import { cleanPageData, allBlocks } from '@/lib/sites/blocks.server';
import {
  seoSchema,
  themeSchema,
  type PageData,
  type SiteSeo,
  type SiteTheme,
  type TemplateName,
} from '@/lib/sites/schemas';
import { templatePages } from '@/lib/sites/templates';
import { hostCache } from '@/lib/sites/host-cache.server';
import { previewPath, siteTag, subdomainOrigin } from '@/lib/sites/urls';
import type { BlockImage, BlockProduct, SiteRenderData } from '@/components/sites/blocks';
import { foreignMedia, listMedia, mediaViews, type MediaView } from '@/lib/shop/media.server';
import { srcset } from '@/lib/shop/images';
import { whatsappLink } from '@/lib/shop/whatsapp';
import { invalidate } from '@/lib/server/cache/page-cache';
import { siteUrl } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/errors';
import { listPage, ownedOr404, type JsonPart } from '@/lib/server/db/queries';
import { saveVersioned } from '@/lib/server/db/versioned';
import { productImages, products, sitePages, sites, stores } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';

export const SITE_NOT_FOUND = 'No encontramos ese sitio.';
export const PAGE_NOT_FOUND = 'No encontramos esa página.';
const SUBDOMAIN_TAKEN = 'Ese subdominio ya está en uso. Prueba con otro.';

type SiteRow = typeof sites.$inferSelect;
type PageRow = typeof sitePages.$inferSelect;

/** A site as the API shows it (docs/design.md §7). */
export interface SiteView {
  id: number;
  name: string;
  subdomain: string;
  custom_domain: string | null;
  domain_status: 'none' | 'pending' | 'verified';
  published: boolean;
  published_at: string | null;
  seo: SiteSeo;
  theme: SiteTheme;
  whatsapp: string | null;
  /** The canonical address: the verified custom domain, else the subdomain. */
  url: string;
  subdomain_url: string;
  preview_url: string;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface PageView {
  id: number;
  path: string;
  title: string;
  data: PageData;
  published: boolean;
  /** The draft differs from what visitors see. */
  changed: boolean;
  version: number;
  updated_at: string;
}

/** Stored JSON read back through its schema: an old or odd value becomes the defaults. */
const seoOf = (v: unknown): SiteSeo => seoSchema.catch(seoSchema.parse({})).parse(v ?? {});
const themeOf = (v: unknown): SiteTheme => themeSchema.catch(themeSchema.parse({})).parse(v ?? {});

export function siteView(row: SiteRow): SiteView {
  const app = siteUrl();
  return {
    id: row.id,
    name: row.name,
    subdomain: row.subdomain,
    custom_domain: row.customDomain,
    domain_status: row.domainStatus as SiteView['domain_status'],
    published: row.published,
    published_at: row.publishedAt?.toISOString() ?? null,
    seo: seoOf(row.seo),
    theme: themeOf(row.theme),
    whatsapp: row.whatsapp,
    url:
      row.customDomain && row.domainStatus === 'verified'
        ? `https://${row.customDomain}`
        : subdomainOrigin(row.subdomain, app),
    subdomain_url: subdomainOrigin(row.subdomain, app),
    preview_url: app.origin + previewPath(row.subdomain),
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function pageView(row: PageRow): PageView {
  return {
    id: row.id,
    path: row.path,
    title: row.title,
    data: row.data as PageData,
    published: row.publishedData !== null,
    changed:
      JSON.stringify(row.data) !== JSON.stringify(row.publishedData) ||
      row.title !== row.publishedTitle,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listSites(db: Db, userId: number, page: number, pageSize: number) {
  const { total, rows } = await listPage(
    db,
    sites,
    eq(sites.userId, userId),
    [desc(sites.id)],
    page,
    pageSize,
  );
  return { total, results: rows.map(siteView) };
}

/** A site card of /page-builder: the site, its page count, whether drafts differ from what is published, and its home's headline. */
export interface SiteCard extends SiteView {
  pages: number;
  changed: boolean;
  headline: { title: string; subtitle: string };
}

export async function listSiteCards(
  db: Db,
  userId: number,
  page: number,
  pageSize: number,
): Promise<{ total: number; results: SiteCard[] }> {
  const list = await listSites(db, userId, page, pageSize);
  const ids = list.results.map((s) => s.id);
  const rows = ids.length
    ? await db.select().from(sitePages).where(inArray(sitePages.siteId, ids))
    : [];
  return {
    total: list.total,
    results: list.results.map((site) => {
      const pages = rows.filter((r) => r.siteId === site.id).map(pageView);
      const hero = allBlocks(
        pages.find((p) => p.path === '/')?.data ?? { root: {}, content: [] },
      ).find((b) => b.type === 'Hero');
      return {
        ...site,
        pages: pages.length,
        changed: pages.some((p) => p.changed),
        headline: {
          title:
            typeof hero?.props.title === 'string' && hero.props.title
              ? hero.props.title
              : site.name,
          subtitle: typeof hero?.props.subtitle === 'string' ? hero.props.subtitle : '',
        },
      };
    }),
  };
}

export async function getSite(db: Db, userId: number, id: number): Promise<SiteView> {
  return siteView(await ownedOr404(db, sites, userId, id, SITE_NOT_FOUND));
}

/** Whether a (valid) subdomain is free: for the live check while the seller types. */
export async function subdomainFree(db: Db, subdomain: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(eq(sites.subdomain, subdomain))
    .limit(1);
  return !row;
}

/** A new site with the template's pages as drafts; a taken subdomain is a 400 on that field. */
export async function createSite(
  db: Db,
  userId: number,
  input: { name: string; subdomain: string; template: TemplateName },
): Promise<SiteView> {
  const taken = () =>
    new HttpError(400, SUBDOMAIN_TAKEN, { errors: { subdomain: [SUBDOMAIN_TAKEN] } });
  if (!(await subdomainFree(db, input.subdomain))) throw taken();
  try {
    const row = await db.transaction(async (tx) => {
      const [site] = await tx
        .insert(sites)
        .values({
          userId,
          name: input.name,
          subdomain: input.subdomain,
          theme: themeSchema.parse({}),
          seo: seoSchema.parse({ title: input.name }),
        })
        .returning();
      const pages = templatePages(input.template, input.name);
      await tx.insert(sitePages).values(
        pages.map((p) => ({
          siteId: site!.id,
          path: p.path,
          title: p.title,
          data: cleanPageData(p.data),
        })),
      );
      return site!;
    });
    return siteView(row);
  } catch (error) {
    // Two sellers asking for the same label at once: the unique index decides.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

export async function updateSite(
  db: Db,
  userId: number,
  id: number,
  patch: {
    name?: string;
    seo?: Partial<SiteSeo>;
    theme?: Partial<SiteTheme>;
    whatsapp?: string | null;
    version: number;
  },
): Promise<SiteView> {
  await ownedOr404(db, sites, userId, id, SITE_NOT_FOUND);
  if (patch.seo?.image) {
    if ((await foreignMedia(db, userId, [patch.seo.image])).length)
      throw new HttpError(400, 'Esa imagen no existe.', {
        errors: { seo: ['Esa imagen no existe.'] },
      });
  }
  await saveVersioned(db, {
    base: patch.version,
    lock: async (tx) => (await tx.select().from(sites).where(eq(sites.id, id)).for('update'))[0],
    versionOf: (row) => row.version,
    async write(tx, version, current) {
      await tx
        .update(sites)
        .set({
          ...(patch.name !== undefined && { name: patch.name }),
          ...(patch.seo && { seo: { ...seoOf(current!.seo), ...patch.seo } }),
          ...(patch.theme && { theme: { ...themeOf(current!.theme), ...patch.theme } }),
          ...(patch.whatsapp !== undefined && { whatsapp: patch.whatsapp }),
          version,
          updatedAt: sql`now()`,
        })
        .where(eq(sites.id, id));
    },
    conflict: {
      message: 'Este sitio cambió en otra pestaña o dispositivo. Revisa y vuelve a guardar.',
      current: (row) => (row ? siteView(row) : null),
    },
  });
  await invalidate(siteTag(id));
  return getSite(db, userId, id);
}

export async function deleteSite(db: Db, userId: number, id: number): Promise<void> {
  const [row] = await db
    .delete(sites)
    .where(and(eq(sites.id, id), eq(sites.userId, userId)))
    .returning({ id: sites.id });
  if (!row) throw new HttpError(404, SITE_NOT_FOUND);
  await invalidate(siteTag(id));
}

/** A page of a site the seller owns (else 404, as if neither existed). */
async function ownedPage(db: Db, userId: number, siteId: number, pageId: number): Promise<PageRow> {
  await ownedOr404(db, sites, userId, siteId, SITE_NOT_FOUND);
  const [row] = await db
    .select()
    .from(sitePages)
    .where(and(eq(sitePages.id, pageId), eq(sitePages.siteId, siteId)));
  if (!row) throw new HttpError(404, PAGE_NOT_FOUND);
  return row;
}

export async function listPages(db: Db, userId: number, siteId: number): Promise<PageView[]> {
  await ownedOr404(db, sites, userId, siteId, SITE_NOT_FOUND);
  return (
    await db
      .select()
      .from(sitePages)
      .where(eq(sitePages.siteId, siteId))
      .orderBy(asc(sitePages.path))
  ).map(pageView);
}

export async function getPage(
  db: Db,
  userId: number,
  siteId: number,
  pageId: number,
): Promise<PageView> {
  return pageView(await ownedPage(db, userId, siteId, pageId));
}

const PATH_TAKEN = 'Ya hay una página con esa dirección.';

export async function createPage(
  db: Db,
  userId: number,
  siteId: number,
  input: { path: string; title: string; data?: PageData },
): Promise<PageView> {
  await ownedOr404(db, sites, userId, siteId, SITE_NOT_FOUND);
  const data = cleanPageData(
    input.data ?? { root: { props: { title: input.title } }, content: [] },
  );
  try {
    const [row] = await db
      .insert(sitePages)
      .values({ siteId, path: input.path, title: input.title, data })
      .returning();
    return pageView(row!);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(400, PATH_TAKEN, { errors: { path: [PATH_TAKEN] } });
    throw error;
  }
}

/** Saves a page's draft if `version` is the stored one; otherwise a 409 carrying the stored page. */
export async function putPage(
  db: Db,
  userId: number,
  siteId: number,
  pageId: number,
  input: { path?: string; title?: string; data: PageData; version: number },
): Promise<PageView> {
  const stored = await ownedPage(db, userId, siteId, pageId);
  if (input.path !== undefined && stored.path === '/' && input.path !== '/')
    throw new HttpError(400, 'La portada siempre está en /.', {
      errors: { path: ['La portada siempre está en /.'] },
    });
  try {
    await saveVersioned(db, {
      base: input.version,
      lock: async (tx) =>
        (await tx.select().from(sitePages).where(eq(sitePages.id, pageId)).for('update'))[0],
      versionOf: (row) => row.version,
      async write(tx, version) {
        await tx
          .update(sitePages)
          .set({
            data: cleanPageData(input.data),
            ...(input.title !== undefined && { title: input.title }),
            ...(input.path !== undefined && { path: input.path }),
            version,
            updatedAt: sql`now()`,
          })
          .where(eq(sitePages.id, pageId));
      },
      conflict: {
        message:
          'Esta página cambió en otra pestaña o dispositivo. Combinamos lo que pudimos; revisa antes de publicar.',
        current: (row) => (row ? pageView(row) : null),
      },
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(400, PATH_TAKEN, { errors: { path: [PATH_TAKEN] } });
    throw error;
  }
  return getPage(db, userId, siteId, pageId);
}

export async function deletePage(
  db: Db,
  userId: number,
  siteId: number,
  pageId: number,
): Promise<void> {
  const row = await ownedPage(db, userId, siteId, pageId);
  if (row.path === '/') throw new HttpError(400, 'La portada no se puede eliminar.');
  await db.delete(sitePages).where(eq(sitePages.id, pageId));
  await invalidate(siteTag(siteId));
}

/** "Publicar": every page's draft becomes what visitors see, at once. */
export async function publishSite(db: Db, userId: number, siteId: number): Promise<SiteView> {
  await ownedOr404(db, sites, userId, siteId, SITE_NOT_FOUND);
  await db.transaction(async (tx) => {
    await tx
      .update(sitePages)
      .set({ publishedData: sql`${sitePages.data}`, publishedTitle: sql`${sitePages.title}` })
      .where(eq(sitePages.siteId, siteId));
    await tx
      .update(sites)
      .set({ published: true, publishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(sites.id, siteId));
  });
  await invalidate(siteTag(siteId));
  return getSite(db, userId, siteId);
}

/**
 * The published site a host serves (a subdomain, a preview of one, or a verified custom domain);
 * null: none. Cached per host (`hostCache`): every change to a site invalidates its tag.
 */
export async function siteForHost(db: Db, host: SiteHost): Promise<SiteRow | null> {
  if (host.kind === 'main') return null;
  const key = `${host.kind}:${host.value}`;
  const cache = hostCache<SiteRow>();
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const where =
    host.kind === 'subdomain'
      ? eq(sites.subdomain, host.value)
      : and(eq(sites.customDomain, host.value), eq(sites.domainStatus, 'verified'));
  const [row] = await db
    .select()
    .from(sites)
    .where(and(where, eq(sites.published, true)))
    .limit(1);
  cache.set(key, row ?? null);
  return row ?? null;
}

/** The published products' slugs and last change: a site's sitemap lists them. */
export async function publishedProductSlugs(
  db: Db,
  userId: number,
): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(and(eq(products.userId, userId), eq(products.published, true)))
    .orderBy(asc(products.slug));
}

/** The published pages of a site: path, title and document. */
export async function publishedPages(
  db: Db,
  siteId: number,
): Promise<{ path: string; title: string; data: PageData }[]> {
  const rows = await db
    .select({
      path: sitePages.path,
      title: sitePages.publishedTitle,
      data: sitePages.publishedData,
    })
    .from(sitePages)
    .where(and(eq(sitePages.siteId, siteId), sql`${sitePages.publishedData} is not null`))
    .orderBy(asc(sitePages.path));
  return rows.map((r) => ({
    path: r.path,
    title: r.title ?? '',
    data: cleanPageData(r.data as PageData),
  }));
}

/** An image as blocks show it. */
export function blockImage(view: MediaView, alt = view.alt): BlockImage {
  return {
    src: view.url,
    srcset: srcset(view.variants, 'webp'),
    width: view.width,
    height: view.height,
    alt,
  };
}

/** What the blocks of `data` show besides their props: the owner's images and published products. */
export async function siteRenderData(
  db: Db,
  site: SiteRow,
  data: PageData,
  productHref: (slug: string) => string,
): Promise<SiteRenderData> {
  const blocks = allBlocks(data);
  const imageIds = blocks.flatMap((b) =>
    (b.type === 'Hero' || b.type === 'Image') && typeof b.props.image === 'number'
      ? [b.props.image]
      : [],
  );
  // Only the owner's own images: a document may name any id.
  const foreign = new Set(await foreignMedia(db, site.userId, imageIds));
  const views = await mediaViews(db, [...new Set(imageIds.filter((id) => !foreign.has(id)))]);
  const grids = blocks.filter((b) => b.type === 'ProductGrid');
  const productsByBlock: Record<string, BlockProduct[]> = {};
  for (const grid of grids) {
    const category = typeof grid.props.category === 'number' ? grid.props.category : null;
    productsByBlock[grid.props.id] = await publishedCards(
      db,
      site.userId,
      category,
      Number(grid.props.limit) || 6,
      productHref,
    );
  }
  return {
    images: Object.fromEntries(views.map((v) => [v.id, blockImage(v)])),
    products: productsByBlock,
    whatsapp: (phone, message) => {
      const number = phone.trim() || site.whatsapp;
      return number ? whatsappLink(number, message) : null;
    },
  };
}

/** A seller's published products as cards, newest first (of one category when given). */
async function publishedCards(
  db: Db,
  userId: number,
  category: number | null,
  limit: number,
  productHref: (slug: string) => string,
): Promise<(BlockProduct & { id: number; category: number | null })[]> {
  const rows = await db
    .select()
    .from(products)
    .where(
      and(
        eq(products.userId, userId),
        eq(products.published, true),
        ...(category ? [eq(products.categoryId, category)] : []),
      ),
    )
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  const firstImages = rows.length
    ? await db
        .select()
        .from(productImages)
        .where(
          and(
            inArray(
              productImages.productId,
              rows.map((r) => r.id),
            ),
            eq(productImages.position, 0),
          ),
        )
    : [];
  const covers = new Map(
    (
      await mediaViews(
        db,
        firstImages.map((i) => i.mediaId),
      )
    ).map((m) => [m.id, m]),
  );
  const coverOf = new Map(firstImages.map((i) => [i.productId, covers.get(i.mediaId)]));
  // The card's picture is decorative: the product's name is the link's text right below it.
  return rows.map((r) => {
    const cover = coverOf.get(r.id);
    return {
      id: r.id,
      category: r.categoryId,
      name: r.name,
      price: r.price,
      compareAtPrice: r.compareAtPrice,
      href: productHref(r.slug),
      image: cover ? blockImage(cover, '') : null,
      soldOut: r.stock === 0,
    };
  });
}

/** What the editor's canvas needs to show the seller's site: their newest published products and their images. */
export async function editorResources(db: Db, userId: number, data: PageData) {
  const catalogue = await publishedCards(db, userId, null, 200, (slug) => `/shop/${slug}`);
  const library = await listMedia(db, userId, 1, 48);
  const inLibrary = new Set(library.results.map((m) => m.id));
  const used = allBlocks(data).flatMap((b) =>
    typeof b.props.image === 'number' && !inLibrary.has(b.props.image) ? [b.props.image] : [],
  );
  // Images the page uses beyond the library's first page; only the seller's own.
  const foreign = new Set(used.length ? await foreignMedia(db, userId, used) : []);
  const extra = await mediaViews(db, [...new Set(used.filter((id) => !foreign.has(id)))]);
  const images = [...library.results, ...extra].map((m) => ({ id: m.id, ...blockImage(m) }));
  return { catalogue, library: images };
}

/** What anyone may know about a published site (`/config`, `lookup_by_domain`). */
export async function publicSiteData(db: Db, site: SiteRow) {
  const view = siteView(site);
  const [store] = await db.select().from(stores).where(eq(stores.userId, site.userId));
  const whatsapp = site.whatsapp ?? store?.whatsapp ?? null;
  const paymentMethods = [
    ...(store?.transferDetails.trim() ? ['transferencia'] : []),
    ...(whatsapp ? ['whatsapp'] : []),
  ];
  return {
    id: view.id,
    name: view.name,
    subdomain: view.subdomain,
    custom_domain: view.domain_status === 'verified' ? view.custom_domain : null,
    url: view.url,
    theme: view.theme,
    seo: view.seo,
    whatsapp,
    currency: 'CLP',
    payment_methods: paymentMethods,
  };
}

/** The dashboard's "Sitio web" card: started with a site, finished once one is published. */
export function siteProgressPart(userId: number): JsonPart<ModuleProgress> {
  return {
    sql: sql`select json_build_object('total', count(*), 'published', count(*) filter (where ${sites.published})) from ${sites} where ${sites.userId} = ${userId}`,
    read: siteProgress,
  };
}

function siteProgress({ total, published }: { total: number; published: number }): ModuleProgress {
  if (total === 0)
    return {
      started: false,
      finished: false,
      detail: 'Siguiente paso: crea tu sitio desde una plantilla.',
    };
  if (published === 0)
    return {
      started: true,
      finished: false,
      detail: `${total === 1 ? '1 sitio' : `${total} sitios`}. Siguiente paso: publícalo.`,
    };
  return {
    started: true,
    finished: true,
    detail: `${published === 1 ? '1 sitio publicado' : `${published} sitios publicados`}`,
  };
}
