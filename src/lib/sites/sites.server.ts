/**
 * A seller's sites (`/api/sites/…`, docs/design.md §7): views, the list and its cards, create,
 * settings, delete, publish, and the builder's progress on the dashboard.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ModuleProgress } from '@/lib/progress';
import { cleanPageData, allBlocks } from '@/lib/sites/blocks.server';
import {
  seoSchema,
  themeSchema,
  type SiteSeo,
  type SiteTheme,
  type TemplateName,
  SITE_NOT_FOUND,
} from '@/lib/sites/schemas';
import { templatePages, type TemplatePage } from '@/lib/sites/templates';
import { previewPath, subdomainOrigin } from '@/lib/sites/urls';
import { foreignMedia } from '@/lib/shop/media.server';
import { cache } from '@/lib/server/cache/provider';
import { tags } from '@/lib/server/cache/tags';
import { siteUrl } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/errors';
import { listPage, ownedOr404, type JsonPart } from '@/lib/server/db/queries';
import { saveVersioned } from '@/lib/server/db/versioned';
import { sitePages, sites } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';

import { pageView } from '@/lib/sites/site-pages.server';
import { plural } from '@/lib/plural';

export { SITE_NOT_FOUND };
const SUBDOMAIN_TAKEN = 'Ese subdominio ya está en uso. Prueba con otro.';

export type SiteRow = typeof sites.$inferSelect;
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

/** Stored JSON read back through its schema: an old or odd value becomes the defaults. */
const storedSeo = seoSchema.catch(seoSchema.parse({}));
const storedTheme = themeSchema.catch(themeSchema.parse({}));
const seoOf = (v: unknown): SiteSeo => storedSeo.parse(v ?? {});
const themeOf = (v: unknown): SiteTheme => storedTheme.parse(v ?? {});

/**
 * Views already made, by row: a published site's row is kept by the host cache and read on every
 * request to it, and parsing its settings was 3.5 % of a page rendered anew. A row is never
 * changed in place (an update reads a new one), so its view stays true; frozen, none is edited.
 */
const views = new WeakMap<SiteRow, SiteView>();

export function siteView(row: SiteRow): SiteView {
  let view = views.get(row);
  if (!view) views.set(row, (view = deepFreeze(makeView(row))));
  return view;
}

function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value))
    if (inner && typeof inner === 'object') deepFreeze(inner as object);
  return Object.freeze(value);
}

function makeView(row: SiteRow): SiteView {
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

/**
 * A site card of /page-builder: the site, its page count, whether drafts differ from what is
 * published, and its home's headline.
 */
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

/** A new site with the template's (or its own) pages as drafts; a taken subdomain is a 400 on that field. */
export async function createSite(
  db: Db,
  userId: number,
  input: { name: string; subdomain: string; template: TemplateName },
  /** Pages of its own (a site drafted from a canvas) instead of the template's. */
  own?: TemplatePage[],
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
      const pages = own ?? templatePages(input.template, input.name);
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
  await cache.invalidate({ tags: [tags.site(id)] });
  return getSite(db, userId, id);
}

export async function deleteSite(db: Db, userId: number, id: number): Promise<void> {
  const [row] = await db
    .delete(sites)
    .where(and(eq(sites.id, id), eq(sites.userId, userId)))
    .returning({ id: sites.id });
  if (!row) throw new HttpError(404, SITE_NOT_FOUND);
  await cache.invalidate({ tags: [tags.site(id)] });
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
  await cache.invalidate({ tags: [tags.site(siteId)] });
  return getSite(db, userId, siteId);
}

/** The dashboard's "Sitio web" card: started with a site, finished once one is published. */
export function siteProgressPart(userId: number): JsonPart<ModuleProgress> {
  return {
    sql: sql`select json_build_object('total', count(*), 'published', count(*) filter (where
      ${sites.published})) from ${sites} where ${sites.userId} = ${userId}`,
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
      detail: `${plural(total, 'sitio', 'sitios')}. Siguiente paso: publícalo.`,
    };
  return {
    started: true,
    finished: true,
    detail: `${plural(published, 'sitio publicado', 'sitios publicados')}`,
  };
}
