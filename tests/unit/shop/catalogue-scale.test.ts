/**
 * The catalogue's counts (kept by triggers in migration 0004) and its accent-free search, on
 * PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL: the numbers /productos shows must
 * match the rows through every kind of write, bulk ones included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type DbHandle } from '@/lib/server/db/client';
import { productCounts as productCountsTable, products, users } from '@/lib/server/db/schema';
import {
  createProduct,
  deleteProduct,
  duplicateProduct,
  listProducts,
  updateProduct,
} from '@/lib/shop/products.server';
import { productCounts } from '@/lib/shop/catalogue-counts.server';
import { searchKey } from '@/lib/shop/filters';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../support/postgres';

const engines = [{ name: 'PGlite', url: undefined as string | undefined }];
if (TEST_DATABASE_URL) engines.push({ name: 'PostgreSQL', url: 'postgres' });

describe('searchKey', () => {
  it('folds case and accents the way a person searches', () => {
    expect(searchKey('Cojín de Lana ÑANDÚ')).toBe('cojin de lana nandu');
    expect(searchKey('jabón')).toBe(searchKey('JABON'));
  });
});

// Database work on a loaded CI machine: generous per-test limits (nothing here is timed).
describe.each(engines)('catalogue counts and search on $name', { timeout: 30_000 }, ({ url }) => {
  let handle: DbHandle;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    if (url) database = await createTestDatabase();
    handle = await openDatabase(
      database ? { databaseUrl: database.url } : { pgliteDir: 'memory://' },
    );
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  const newSeller = async (email: string) =>
    (
      await handle.db
        .insert(users)
        .values({ email, fullName: 'Vendedora' })
        .returning({ id: users.id })
    )[0]!.id;
  /** What the triggers keep, checked against a count of the rows themselves. */
  async function expectCountsMatchRows(userId: number) {
    const [row] = await handle.db
      .select({
        total: sql<number>`count(*)::int`,
        published: sql<number>`(count(*) filter (where ${products.published}))::int`,
      })
      .from(products)
      .where(eq(products.userId, userId));
    expect(await productCounts(handle.db, userId)).toEqual(row);
  }

  it('follow creates, publishes, duplicates and deletes', async () => {
    const seller = await newSeller(`conteo-${Date.now()}@impulsa.test`);
    expect(await productCounts(handle.db, seller)).toEqual({ total: 0, published: 0 });
    const a = await createProduct(handle.db, seller, {
      name: 'Cojín bordado',
      description: '',
      price: 9990,
      compare_at_price: null,
      stock: null,
      published: true,
      category: null,
      images: [],
    });
    const b = await createProduct(handle.db, seller, {
      name: 'Taza de greda',
      description: '',
      price: 5990,
      compare_at_price: null,
      stock: 2,
      published: false,
      category: null,
      images: [],
    });
    await expectCountsMatchRows(seller);
    await updateProduct(handle.db, seller, b.id, { published: true, version: b.version });
    expect(await productCounts(handle.db, seller)).toEqual({ total: 2, published: 2 });
    await updateProduct(handle.db, seller, a.id, { price: 10990, version: a.version });
    await duplicateProduct(handle.db, seller, a.id);
    expect(await productCounts(handle.db, seller)).toEqual({ total: 3, published: 2 });
    await deleteProduct(handle.db, seller, a.id);
    await expectCountsMatchRows(seller);
    expect(await productCounts(handle.db, seller)).toEqual({ total: 2, published: 1 });
  });

  it('follow bulk statements and pages by them', async () => {
    const seller = await newSeller(`bulk-${Date.now()}@impulsa.test`);
    await handle.db
      .execute(sql`insert into products (user_id, slug, name, search_name, price, published)
      select ${seller}, 'p-' || n, 'Vela ' || n, 'vela ' || n, 1000 + n, n % 3 = 0 from generate_series(1, 250) n`);
    await expectCountsMatchRows(seller);
    await handle.db.execute(
      sql`update products set published = not published where user_id = ${seller} and id % 2 = 0`,
    );
    await expectCountsMatchRows(seller);
    const { published } = await productCounts(handle.db, seller);
    const drafts = await listProducts(handle.db, seller, { status: 'draft' }, 1, 20);
    expect(drafts.total).toBe(250 - published);
    expect(drafts.results.every((p) => !p.published)).toBe(true);
    const last = await listProducts(handle.db, seller, {}, 13, 20);
    expect(last.total).toBe(250);
    expect(last.results).toHaveLength(10);
    await handle.db.execute(sql`delete from products where user_id = ${seller} and id % 5 = 0`);
    await expectCountsMatchRows(seller);
  });

  it('finds names without minding accents or case, and % or _ only match themselves', async () => {
    const seller = await newSeller(`busca-${Date.now()}@impulsa.test`);
    const make = (name: string) =>
      createProduct(handle.db, seller, {
        name,
        description: '',
        price: 1000,
        compare_at_price: null,
        stock: null,
        published: false,
        category: null,
        images: [],
      });
    const cojin = await make('Cojín de lana');
    await make('Jabón natural');
    await make('Oferta 50% off');
    expect(
      (await listProducts(handle.db, seller, { q: 'COJIN' }, 1, 20)).results.map((p) => p.id),
    ).toEqual([cojin.id]);
    expect((await listProducts(handle.db, seller, { q: 'jabon' }, 1, 20)).total).toBe(1);
    expect(
      (await listProducts(handle.db, seller, { q: '%' }, 1, 20)).results.map((p) => p.name),
    ).toEqual(['Oferta 50% off']);
    const renamed = await updateProduct(handle.db, seller, cojin.id, {
      name: 'Almohadón',
      version: cojin.version,
    });
    expect((await listProducts(handle.db, seller, { q: 'cojin' }, 1, 20)).total).toBe(0);
    expect((await listProducts(handle.db, seller, { q: 'almohadon' }, 1, 20)).results[0]?.id).toBe(
      renamed.id,
    );
  });

  it('is gone with a deleted account, without tripping its own triggers', async () => {
    const seller = await newSeller(`baja-${Date.now()}@impulsa.test`);
    await createProduct(handle.db, seller, {
      name: 'Aros de cobre',
      description: '',
      price: 7990,
      compare_at_price: null,
      stock: null,
      published: true,
      category: null,
      images: [],
    });
    await handle.db.execute(sql`delete from users where id = ${seller}`);
    expect(
      await handle.db
        .select()
        .from(productCountsTable)
        .where(eq(productCountsTable.userId, seller)),
    ).toEqual([]);
  });
});
