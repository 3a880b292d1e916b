// `node scripts/seed-catalogue.mjs --products 100000 --sellers 1000 [--owner EMAIL --owner-products 10000
// --owner-customers 10000]`
// Fills the configured database (DATA_DIR's PGlite or DATABASE_URL) with a large catalogue so the
// shop's queries can be measured at scale (`npm run bench` uses it). Sellers are new accounts
// `vendedor-N@catalogo.invalid` without a password (they cannot sign in); `--owner` gives an
// existing account `--owner-products` of the products, so its /productos has hundreds of pages,
// and `--owner-customers` buyers, with one and a half orders each, so its /clientes has as many.
// Stop a server on the same PGlite folder first: PGlite allows one process per folder.
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    sellers: { type: 'string', default: '1000' },
    owner: { type: 'string' },
    'owner-products': { type: 'string', default: '10000' },
    'owner-customers': { type: 'string', default: '0' },
  },
});
const total = Number(values.products);
const sellerCount = Number(values.sellers);
const ownerShare = values.owner ? Math.min(Number(values['owner-products']), total) : 0;
const customers = values.owner ? Number(values['owner-customers']) : 0;
if (
  !Number.isInteger(total) ||
  total < 0 ||
  !Number.isInteger(sellerCount) ||
  sellerCount < 1 ||
  !Number.isInteger(ownerShare) ||
  ownerShare < 0 ||
  !Number.isInteger(customers) ||
  customers < 0
) {
  console.error(
    'Uso: seed-catalogue.mjs --products N --sellers M [--owner EMAIL --owner-products K --owner-customers C]',
  );
  process.exit(2);
}

const path = await import('node:path');
const { ensureBuilt } = await import('./ensure-built.mjs');
ensureBuilt();
// The build's own drizzle (bundled into it), so statements and the database handle agree.
const { openDatabase, dataDir, databaseUrl, sql } = await import('../dist/server/runtime.mjs');

const url = databaseUrl();
const handle = await openDatabase(
  url ? { databaseUrl: url } : { pgliteDir: path.join(dataDir(), 'pglite') },
);
const db = handle.unbounded;
const started = Date.now();

/** Words the names are made of, so that a search like `?q=taza` matches about one product in ten. */
const NOUNS = [
  'Taza',
  'Polera',
  'Bolso',
  'Vela',
  'Cuaderno',
  'Jabón',
  'Aros',
  'Cojín',
  'Mermelada',
  'Macetero',
];
const ADJECTIVES = [
  'artesanal',
  'de greda',
  'bordado',
  'de lana',
  'reciclado',
  'pintado a mano',
  'de cobre',
  'natural',
];
/** The options a third of the products have, and their combinations in order. */
const OPTION_LIST = [
  { name: 'Talla', values: ['S', 'M', 'L'] },
  { name: 'Color', values: ['Negro', 'Blanco'] },
];
const OPTIONS = JSON.stringify(OPTION_LIST);
const COMBINATIONS = OPTION_LIST[0].values.flatMap((a) => OPTION_LIST[1].values.map((b) => [a, b]));
const nouns = `array[${NOUNS.map((w) => `'${w}'`).join(',')}]`;
const adjectives = `array[${ADJECTIVES.map((w) => `'${w}'`).join(',')}]`;

/** A statement's rows: PGlite's driver answers `{rows}`, PostgreSQL's the rows themselves. */
const rowsOf = (result) => result.rows ?? result;

try {
  let ownerId = null;
  if (values.owner) {
    const found = await db.execute(
      sql`select id from users where email = ${values.owner.toLowerCase()}`,
    );
    ownerId = rowsOf(found)[0]?.id ?? null;
    if (ownerId === null) throw new Error(`No existe una cuenta con el correo ${values.owner}.`);
  }

  // Sellers: a run id keeps the emails unique when the script runs again on the same database.
  const run = Date.now().toString(36);
  const sellers = await db.execute(
    sql.raw(`
    insert into users (email, full_name)
    select 'vendedor-${run}-' || n || '@catalogo.invalid', 'Vendedora ' || n
    from generate_series(1, ${sellerCount}) n
    returning id`),
  );
  const sellerIds = rowsOf(sellers).map((r) => Number(r.id));
  await db.execute(
    sql.raw(`
    insert into stores (user_id, name)
    select id, 'Tienda ' || full_name from users where email like 'vendedor-${run}-%'`),
  );

  /** Inserts `count` products for the sellers `ids` (round robin), in batches of 20,000 rows. */
  async function insertProducts(ids, count) {
    const idList = `array[${ids.join(',')}]`;
    for (let from = 0; from < count; from += 20_000) {
      const to = Math.min(count, from + 20_000) - 1;
      await db.execute(
        sql.raw(`
        insert into products (user_id, slug, name, search_name, description, price,
          compare_at_price, stock, options, published)
        select
          (${idList})[1 + n % ${ids.length}],
          'producto-${run}-' || n,
          name,
          lower(translate(name, 'ÁÉÍÓÚÜÑáéíóúüñ', 'AEIOUUNaeiouun')),
          '<p>Hecho en Chile, en pequeñas series.</p>',
          990 + (n % 120) * 500,
          case when n % 7 = 0 then 990 + (n % 120) * 500 + 2000 end,
          case when n % 5 = 0 then null else n % 40 end,
          case when n % 3 = 0 then '${OPTIONS}'::jsonb else '[]'::jsonb end,
          n % 4 <> 0
        from (
          select n, (${nouns})[1 + n % ${NOUNS.length}] || ' '
            || (${adjectives})[1 + (n / ${NOUNS.length}) % ${ADJECTIVES.length}] || ' ' || n as name
          from generate_series(${from}, ${to}) n
        ) as generated`),
      );
    }
  }

  /**
   * Orders of `count` buyers at the seller's shop: half of them bought twice (their e-mail typed
   * in another case the second time), a third paid, a fifth gave marketing consent, spread over
   * the last year. Numbers `A1B-00042`: unique in the run, shaped as no real order's.
   */
  async function insertOrders(sellerId, count) {
    const orderCount = count + Math.floor(count / 2);
    await db.execute(
      sql.raw(`
      insert into orders (seller_id, number, status, payment_method, buyer_name, buyer_email, buyer_phone,
        delivery_method, delivery_comuna, subtotal, total, receipt_token, stock_held, origin,
        marketing_consent, paid_at, created_at)
      select ${sellerId},
        '${run.slice(-3).toUpperCase()}-' || lpad(n::text, 5, '0'),
        case when n % 3 = 0 then 'pagado' when n % 3 = 1 then 'entregado' else 'cancelado' end,
        'transferencia',
        'Clienta ' || b,
        case when n >= ${count} then 'CLIENTA-' else 'clienta-' end || b || '@compras.invalid',
        '+569' || lpad((10000000 + b)::text, 8, '0'),
        'retiro', '13120', 12990, 12990,
        md5('${run}-' || n) || md5('${run}' || n), false, 'http://localhost',
        b % 5 = 0,
        case when n % 3 = 2 then null else now() - (n % 365) * interval '1 day' end,
        now() - (n % 365) * interval '1 day'
      from (select n, n % ${count} as b from generate_series(0, ${orderCount - 1}) n) as generated`),
    );
  }

  if (ownerId !== null && ownerShare) await insertProducts([ownerId], ownerShare);
  await insertProducts(sellerIds, total - ownerShare);
  // A third of the products have options: a variant per combination, one dearer, stock per variant.
  await db.execute(
    sql.raw(`
    insert into product_variants (product_id, position, values, name, price, stock)
    select p.id, v.position, v.values, v.name,
      case when v.position = ${COMBINATIONS.length - 1} then p.price + 1000 end,
      (p.id + v.position) % 10
    from products p
    cross join (values ${COMBINATIONS.map(
      (values, i) => `(${i}, '${JSON.stringify(values)}'::jsonb, '${values.join(' / ')}')`,
    ).join(', ')}) as v(position, values, name)
    where p.slug like 'producto-${run}-%' and jsonb_array_length(p.options) > 0`),
  );
  // A photo per seller on each of their products: the feeds leave out a product without one, as
  // Google and Meta refuse it. The bytes are a placeholder: nothing here serves the file.
  await db.execute(
    sql.raw(`
    insert into media (user_id, width, height, alt)
    select distinct p.user_id, 800, 800, 'Foto del producto' from products p
    where p.slug like 'producto-${run}-%'`),
  );
  await db.execute(
    sql.raw(`
    insert into media_variants (key, media_id, format, kind, width, height, bytes)
    select 'catalogo-${run}-' || m.id || '-' || f.format, m.id, f.format, 'w', 400, 400, '\\x00'::bytea
    from media m join users u on u.id = m.user_id
    cross join (values ('webp'), ('jpeg')) as f(format)
    where (u.email like 'vendedor-${run}-%'${ownerId !== null ? ` or m.user_id = ${ownerId}` : ''})
      and not exists (select 1 from media_variants v where v.media_id = m.id)`),
  );
  await db.execute(
    sql.raw(`
    insert into product_images (product_id, media_id, position)
    select p.id, m.id, 0 from products p
    join lateral (select id from media where user_id = p.user_id order by id desc limit 1) m on true
    where p.slug like 'producto-${run}-%'`),
  );
  if (ownerId !== null && customers) await insertOrders(ownerId, customers);
  await db.execute(sql`analyze product_variants`);
  await db.execute(sql`analyze products`);
  await db.execute(sql`analyze orders`);
  console.log(
    `Listo: ${total.toLocaleString('es-CL')} productos de ${sellerCount.toLocaleString('es-CL')} vendedoras` +
      (ownerId !== null ? ` (${ownerShare.toLocaleString('es-CL')} de ${values.owner})` : '') +
      (customers ? `, ${customers.toLocaleString('es-CL')} clientes de ${values.owner}` : '') +
      ` en ${((Date.now() - started) / 1000).toFixed(1)} s (${handle.kind}).`,
  );
} finally {
  await handle.close();
}
