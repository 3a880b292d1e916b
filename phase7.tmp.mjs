const { PGlite } = await import('@electric-sql/pglite');
const S = ['-c', 'shared_buffers=16MB', '-c', 'temp_buffers=2MB', '-c', 'work_mem=4MB', '-c', 'maintenance_work_mem=16MB', '-c', 'wal_buffers=1MB', '-c', 'max_connections=8', '-c', 'random_page_cost=1.1'];
let s = performance.now();
const c = await PGlite.create('/tmp/cs/pglite', { startParams: [...PGlite.defaultStartParams, ...S] });
const a = performance.now() - s;
await c.query('select count(*) from pg_class');
console.log('create', Math.round(a), 'q', Math.round(performance.now() - s - a), 'rss', Math.round(process.memoryUsage().rss/1e6));
await c.close();
