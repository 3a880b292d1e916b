/**
 * The shop's search (`/shop?q=`): a seller's published products whose name, variant values,
 * description or category hold every word typed, best match first, one prepared statement.
 * PostgreSQL's Spanish text search over `products.search_doc` (GIN-indexed, migration 0033): the
 * product's own words through the index, and its category's name joined as it is read, so
 * «tortas» finds the products of the category «Tortas» too.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { BlockProduct } from '@/lib/sites/block-data';
import { tsQueryText } from '@/lib/shop/search';
import type { Db } from '@/lib/server/db/client';
import { perDatabase } from '@/lib/server/db/prepared';
import { categories, products, searchableSql } from '@/lib/server/db/schema';
import { cardColumns, productCard, type ProductHref } from '@/lib/sites/published.server';

const SPANISH = sql.raw(`'spanish'::regconfig`);
const every = sql`to_tsquery(${SPANISH}, ${sql.placeholder('every')})`;
const any = sql`to_tsquery(${SPANISH}, ${sql.placeholder('any')})`;
const categoryDoc = sql`setweight(to_tsvector(${SPANISH}, ${sql.raw(
  searchableSql('"categories"."name"'),
)}), 'B')`;
/** The product's document with its category's name, as the rank and the final match read it. */
const fullDoc = sql`(${products.searchDoc} || coalesce((select ${categoryDoc} from ${categories}
  where ${categories.id} = ${products.categoryId}), ''::tsvector))`;
/** The seller's categories whose name holds any word: an InitPlan, so the index still serves. */
const matchingCategories = sql`array(select ${categories.id} from ${categories}
  where ${categories.userId} = ${sql.placeholder('userId')}
  and to_tsvector(${SPANISH}, ${sql.raw(searchableSql('"categories"."name"'))}) @@ ${any})`;
const rank = sql<number>`ts_rank(${fullDoc}, ${every})`;

const searchStatement = perDatabase((db) =>
  db
    .select({
      ...cardColumns,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(products)
    .where(
      and(
        eq(products.userId, sql.placeholder('userId')),
        eq(products.published, true),
        sql`(${products.searchDoc} @@ ${every}
          or ${products.categoryId} = any(${matchingCategories}))`,
        sql`${fullDoc} @@ ${every}`,
      ),
    )
    .orderBy(desc(rank), desc(products.createdAt), desc(products.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('shop_search'),
);

export interface SearchPage {
  cards: (BlockProduct & { id: number; category: number | null })[];
  /** How many products match in all (0 when this page is past the last). */
  total: number;
}

/** One page of `userId`'s published products matching every one of `terms`. */
export async function searchCards(
  db: Db,
  userId: number,
  terms: readonly string[],
  page: { limit: number; offset: number },
  productHref: ProductHref,
): Promise<SearchPage> {
  if (terms.length === 0) return { cards: [], total: 0 };
  const rows = await searchStatement(db).execute({
    userId,
    every: tsQueryText(terms, '&'),
    any: tsQueryText(terms, '|'),
    ...page,
  });
  return {
    cards: rows.map(({ product, cover }) => productCard(product, cover, productHref)),
    total: rows[0]?.total ?? 0,
  };
}
