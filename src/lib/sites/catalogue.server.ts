/**
 * A site's catalogue (`/shop` on its host): every published product, grouped by the seller's
 * categories in their order (a few each, with a link to all of them), one category's products
 * a page at a time (`?categoria=slug&pagina=2`), or what a search finds (`?q=torta&pagina=2`).
 * Server-rendered, zero JavaScript.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import type { BlockProduct } from '@/lib/sites/block-data';
import type { Db } from '@/lib/server/db/client';
import { categories, products } from '@/lib/server/db/schema';
import { searchText } from '@/lib/shop/filters';
import { searchTerms } from '@/lib/shop/search';
import { searchCards } from '@/lib/sites/catalogue-search.server';
import { publishedCards, type ProductHref } from '@/lib/sites/published.server';

/** Products per page of one category. */
export const CATALOGUE_PAGE_SIZE = 24;
/** Products per category on the catalogue's first view. */
export const GROUP_SIZE = 8;
/** The `categoria` of products without one. */
export const NO_CATEGORY = 'otros';

export interface CatalogueSection {
  id: string;
  title: string;
  products: BlockProduct[];
  /** "Ver los 12 de Tortas": shown when the group holds more than it shows. */
  more: { href: string; label: string } | null;
}

export interface SiteCatalogue {
  /** The category filters, "Todo" first, with how many products each holds. */
  filters: { label: string; href: string; current: boolean; count: number }[];
  sections: CatalogueSection[];
  /** One category, a page at a time: the neighbouring pages' links. */
  pager: { previous: string | null; next: string | null; page: number; pages: number } | null;
  heading: string;
  /** One category shown (the heading names it). */
  filtered: boolean;
  /** This view's query as its canonical address spells it (`?categoria=tortas&pagina=2`, or ''). */
  query: string;
  /** The catalogue's own address, where its search form sends the query. */
  href: string;
  /** What was searched (as typed) and how many products it found; null: not a search. */
  search: { text: string; total: number } | null;
}

interface Query {
  categoria: string | null;
  pagina: number;
  /** A search, as typed ('' when none): it takes precedence over a category. */
  q: string;
}

/** The catalogue's query, as a link shares it; unknown values read as the defaults. */
export function catalogueQuery(search: URLSearchParams): Query {
  const page = Number(search.get('pagina'));
  return {
    categoria: search.get('categoria')?.trim().toLowerCase() || null,
    pagina: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    q: searchText(search.get('q')),
  };
}

/** The catalogue for `query`; null when the category or the page does not exist (a 404). */
export async function siteCatalogue(
  db: Db,
  userId: number,
  query: Query,
  hrefs: { catalogue: string; product: ProductHref },
): Promise<SiteCatalogue | null> {
  const [groups, counted] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name, slug: categories.slug })
      .from(categories)
      .where(eq(categories.userId, userId))
      .orderBy(asc(categories.position), asc(categories.id)),
    db
      .select({ category: products.categoryId, n: count() })
      .from(products)
      .where(and(eq(products.userId, userId), eq(products.published, true)))
      .groupBy(products.categoryId),
  ]);
  const countOf = new Map(counted.map((c) => [c.category, Number(c.n)]));
  const queryOf = (categoria: string | null, page = 1, q = '') => {
    const params = new URLSearchParams({
      ...(q ? { q } : {}),
      ...(categoria ? { categoria } : {}),
      ...(page > 1 ? { pagina: String(page) } : {}),
    });
    return params.size ? `?${params}` : '';
  };
  const linkTo = (categoria: string | null, page = 1, q = '') =>
    hrefs.catalogue + queryOf(categoria, page, q);
  const shown = [
    ...groups.map((g) => ({ key: g.slug, id: g.id, title: g.name })),
    {
      key: NO_CATEGORY,
      id: 'none' as const,
      title: groups.length ? 'Otros productos' : 'Productos',
    },
  ].filter((g) => (countOf.get(g.id === 'none' ? null : g.id) ?? 0) > 0);
  const total = [...countOf.values()].reduce((a, b) => a + b, 0);
  const filters = [
    { label: 'Todo', href: linkTo(null), current: query.categoria === null, count: total },
    ...shown.map((g) => ({
      label: g.title,
      href: linkTo(g.key),
      current: query.categoria === g.key,
      count: countOf.get(g.id === 'none' ? null : g.id) ?? 0,
    })),
  ];

  if (query.q) {
    const { cards, total: found } = await searchCards(
      db,
      userId,
      searchTerms(query.q),
      { limit: CATALOGUE_PAGE_SIZE, offset: (query.pagina - 1) * CATALOGUE_PAGE_SIZE },
      hrefs.product,
    );
    const pages = Math.max(1, Math.ceil(found / CATALOGUE_PAGE_SIZE));
    if (query.pagina > pages) return null;
    return {
      filters: filters.map((f) => ({ ...f, current: false })),
      sections: cards.length ? [{ id: 'busqueda', title: '', products: cards, more: null }] : [],
      pager: pagerOf(query.pagina, pages, (page) => linkTo(null, page, query.q)),
      heading: `Resultados para «${query.q}»`,
      filtered: true,
      query: queryOf(null, query.pagina, query.q),
      href: hrefs.catalogue,
      search: { text: query.q, total: found },
    };
  }

  if (query.categoria === null) {
    if (query.pagina !== 1) return null;
    const sections = await Promise.all(
      shown.map(async (g) => {
        const n = countOf.get(g.id === 'none' ? null : g.id) ?? 0;
        return {
          id: `categoria-${g.key}`,
          title: g.title,
          products: await publishedCards(db, userId, hrefs.product, {
            category: g.id,
            limit: GROUP_SIZE,
          }),
          more:
            n > GROUP_SIZE ? { href: linkTo(g.key), label: `Ver los ${n} de ${g.title}` } : null,
        };
      }),
    );
    return {
      filters,
      sections,
      pager: null,
      heading: 'Tienda',
      filtered: false,
      query: '',
      href: hrefs.catalogue,
      search: null,
    };
  }

  const group = shown.find((g) => g.key === query.categoria);
  if (!group) return null;
  const n = countOf.get(group.id === 'none' ? null : group.id) ?? 0;
  const pages = Math.max(1, Math.ceil(n / CATALOGUE_PAGE_SIZE));
  if (query.pagina > pages) return null;
  return {
    filters,
    sections: [
      {
        id: `categoria-${group.key}`,
        title: group.title,
        products: await publishedCards(db, userId, hrefs.product, {
          category: group.id,
          limit: CATALOGUE_PAGE_SIZE,
          offset: (query.pagina - 1) * CATALOGUE_PAGE_SIZE,
        }),
        more: null,
      },
    ],
    pager: pagerOf(query.pagina, pages, (page) => linkTo(group.key, page)),
    heading: group.title,
    filtered: true,
    query: queryOf(group.key, query.pagina),
    href: hrefs.catalogue,
    search: null,
  };
}

/** The links to the neighbouring pages of `page`; null when everything fits on one. */
function pagerOf(
  page: number,
  pages: number,
  link: (page: number) => string,
): SiteCatalogue['pager'] {
  if (pages <= 1) return null;
  return {
    previous: page > 1 ? link(page - 1) : null,
    next: page < pages ? link(page + 1) : null,
    page,
    pages,
  };
}
