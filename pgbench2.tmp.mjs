import { PGlite, protocol, parse as pgParse } from '@electric-sql/pglite';
const { serialize } = protocol;
const db = await PGlite.create(process.argv[2], { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] });
const concat = (parts) => { const n = parts.reduce((s, p) => s + p.length, 0); const out = new Uint8Array(n); let o = 0; for (const p of parts) { out.set(p, o); o += p.length; } return out; };
const prepared = new Map(); let seq = 0;
async function fast(text, params) {
  return db._runExclusiveTransaction(() => db._runExclusiveQuery(async () => {
    let name = prepared.get(text);
    if (!name) { name = `s${++seq}`; await db.execProtocolStream(concat([serialize.parse({ name, text, types: [] }), serialize.sync()]), { syncToFs: false }); prepared.set(text, name); }
    const values = params.map((v) => (v == null ? null : String(v)));
    const msgs = await db.execProtocolStream(concat([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]), { syncToFs: false });
    return pgParse.parseResults(msgs, db.parsers, {})[0];
  }));
}
async function fastUnnamed(text, params) {
  return db._runExclusiveTransaction(() => db._runExclusiveQuery(async () => {
    const values = params.map((v) => (v == null ? null : String(v)));
    const msgs = await db.execProtocolStream(concat([serialize.parse({ text, types: [] }), serialize.bind({ values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]), { syncToFs: false });
    return pgParse.parseResults(msgs, db.parsers, {})[0];
  }));
}
const q = `select (select json_build_object('canvases', count(*), 'complete', count(*) filter (where (select count(*) from canvas_sections s where s.canvas_id = c.id and jsonb_array_length(s.notes) > 0) = 9)) from canvases c where c.user_id = $1) a,
 (select json_build_object('sent', (select count(*) from companies where user_id = $1), 'drafts', (select count(*) from company_drafts where user_id = $1))) b,
 (select json_build_object('total', coalesce(max(total),0), 'published', coalesce(max(published),0)) from product_counts where user_id = $1) c,
 (select count(*) from orders where seller_id = $1 and status in ('pagado','enviado')) d,
 (select json_build_object('total', count(*), 'published', count(*) filter (where published)) from sites where user_id = $1) e,
 (select coalesce(json_agg(json_build_object('id', lesson_id)), '[]'::json) from lesson_progress where user_id = $1) f`;
const tok = 'select * from auth_tokens t join users u on u.id = t.user_id where t.token_hash = $1';
for (const [name, fn] of [
  ['select 1 query', () => db.query('select 1')],
  ['select 1 fast', () => fast('select 1', [])],
  ['select 1 fastUnnamed', () => fastUnnamed('select 1', [])],
  ['token query', () => db.query(tok, ['x'])],
  ['token fast', () => fast(tok, ['x'])],
  ['dashboard query', () => db.query(q, [1])],
  ['dashboard fast', () => fast(q, [1])],
  ['dashboard fastUnnamed', () => fastUnnamed(q, [1])],
]) {
  for (let i = 0; i < 200; i++) await fn();
  const t = performance.now(); const N = 2000;
  for (let i = 0; i < N; i++) await fn();
  console.log(name.padEnd(24), ((performance.now() - t) / N).toFixed(3), 'ms');
}
console.log(await fast(q, [1]));
await db.close();
