/**
 * Shop figures: what counts as a visit, the provider counting rendered pages and hits (never
 * crawlers), the buffer's batched writes (kept on failure, bounded), the days filled and totalled,
 * the CSV and the chart's scale.
 */
import { describe, expect, it } from 'vitest';
import { addDays, chileDay, chileDayEdge } from '@/lib/dates';
import { barChart, niceTop } from '@/lib/figures/chart';
import { buildFigures, figuresCsv, formatConversion, parsePeriod } from '@/lib/figures/figures';
import {
  discardVisits,
  flushVisits,
  pendingVisits,
  recordVisit,
} from '@/lib/figures/visit-buffer.server';
import { countsAsVisit, decodeTarget, encodeTarget, VISIT_HEADER } from '@/lib/figures/visits';
import { PageCache } from '@/lib/server/cache/page-cache';
import { pageCacheProvider } from '@/lib/server/cache/provider';
import { wireFeatures } from '@/middleware/wiring';
import { openDatabase, type Db } from '@/lib/server/db/client';
import { products, productVisits, users } from '@/lib/server/db/schema';
import { answer, fakeContext } from '../../support/page-cache';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0';

// The features' hooks, as the app installs them when it loads.
wireFeatures();

describe('what counts as a visit', () => {
  it('a person’s GET; not a crawler, a preview fetcher, a script, a prefetch or another method', () => {
    const get = (userAgent: string | undefined, purpose?: string) =>
      countsAsVisit({ method: 'GET', userAgent, purpose });
    expect(get(BROWSER)).toBe(true);
    expect(get('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1')).toBe(true);
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0)',
      'facebookexternalhit/1.1',
      'WhatsApp/2.23.20.0',
      'Mozilla/5.0 HeadlessChrome/131.0',
      'curl/8.5.0',
      'python-requests/2.31',
      'node',
      '',
      undefined,
    ])
      expect(get(agent), String(agent)).toBe(false);
    expect(get(BROWSER, 'prefetch')).toBe(false);
    expect(get(BROWSER, 'prefetch;prerender')).toBe(false);
    expect(countsAsVisit({ method: 'HEAD', userAgent: BROWSER, purpose: undefined })).toBe(false);
  });

  it('targets go through the header and back; anything else is no target', () => {
    const targets = [
      { kind: 'product', productId: 12 },
      { kind: 'page', siteId: 4, path: '/nosotros' },
      { kind: 'page', siteId: 4, path: '/' },
    ] as const;
    for (const t of targets) expect(decodeTarget(encodeTarget(t))).toEqual(t);
    for (const bad of ['p', 'p-1', 'x12', 's4', 's4:nosotros', 'p12 ', 's4:/a b'])
      expect(decodeTarget(bad), bad).toBeNull();
  });
});

describe('the provider counts what it answers', () => {
  it('a rendered page and every hit, on both doors; the target header never leaves', async () => {
    discardVisits();
    const cache = new PageCache();
    const provider = pageCacheProvider(cache, () => true);
    const render = () => {
      const headers = new Headers({ 'Content-Type': 'text/html', 'Cache-Tag': 'product:7' });
      headers.set(VISIT_HEADER, 'p7');
      return Promise.resolve(new Response('<h1>Taza</h1>', { headers }));
    };
    const visit = (agent = BROWSER) =>
      provider.onRequest!(fakeContext('http://localhost/shop/7', { 'User-Agent': agent }), render);
    const first = await visit();
    expect(first.headers.has(VISIT_HEADER)).toBe(false);
    expect(first.headers.get('X-Render-Cache')).toBe('miss');
    expect((await visit()).headers.get('X-Render-Cache')).toBe('hit');
    await visit('Googlebot/2.1');
    expect(answer(cache, '/shop/7', { 'user-agent': BROWSER })).not.toBeNull();
    expect(answer(cache, '/shop/7', { 'user-agent': 'curl/8.5.0' })).not.toBeNull();
    const prefetch = { 'user-agent': BROWSER, 'sec-purpose': 'prefetch' };
    expect(answer(cache, '/shop/7', prefetch)).not.toBeNull();
    expect(pendingVisits()).toBe(3);
    // A page that names no target, or fails, is not counted.
    await provider.onRequest!(
      fakeContext('http://localhost/landing', { 'User-Agent': BROWSER }),
      () => Promise.resolve(new Response('<h1>Impulsa</h1>')),
    );
    await provider.onRequest!(
      fakeContext('http://localhost/shop/8', { 'User-Agent': BROWSER }),
      () => {
        const headers = new Headers({ [VISIT_HEADER]: 'p8' });
        return Promise.resolve(new Response('No', { status: 500, headers }));
      },
    );
    expect(pendingVisits()).toBe(3);
    discardVisits();
  });
});

describe('the visit buffer', () => {
  async function shop() {
    const handle = await openDatabase();
    const { db } = handle;
    const [user] = await db
      .insert(users)
      .values({ email: 'ana@greda.cl', fullName: 'Ana Soto', passwordHash: 'x' })
      .returning();
    const product = async (name: string) =>
      (
        await db
          .insert(products)
          .values({ userId: user!.id, name, slug: name, price: 1000 })
          .returning()
      )[0]!.id;
    return { handle, db, product };
  }
  const visitsOf = (db: Db) =>
    db
      .select()
      .from(productVisits)
      .orderBy(productVisits.productId, productVisits.day)
      .then((rows) => rows.map((r) => ({ product_id: r.productId, day: r.day, visits: r.visits })));

  it('writes counts per day, adds to what is there, skips deleted pages, and keeps them on failure', async () => {
    discardVisits();
    const { handle, db, product } = await shop();
    const taza = await product('taza');
    const plato = await product('plato');
    const today = chileDay();
    const yesterday = chileDayEdge(addDays(today, -1), 'start').getTime() + 1000;
    recordVisit(`p${taza}`);
    recordVisit(`p${taza}`);
    recordVisit(`p${taza}`, yesterday);
    recordVisit(`p${plato}`);
    recordVisit('p999999'); // deleted meanwhile: skipped, not a failed batch
    await flushVisits(db);
    expect(pendingVisits()).toBe(0);
    recordVisit(`p${taza}`);
    const failing = {
      execute: () => Promise.reject(new Error('connection lost')),
    } as unknown as Db;
    await expect(flushVisits(failing)).rejects.toThrow('connection lost');
    expect(pendingVisits()).toBe(1);
    await flushVisits(db);
    expect(await visitsOf(db)).toEqual([
      { product_id: taza, day: addDays(today, -1), visits: 1 },
      { product_id: taza, day: today, visits: 3 },
      { product_id: plato, day: today, visits: 1 },
    ]);
    await handle.close();
    // A database migrated in memory: seconds on a busy machine, as the other database tests allow.
  }, 60_000);

  it('stops counting new pages past its bound until the next write; known pages still count', () => {
    discardVisits();
    for (let i = 1; i <= 10_005; i++) recordVisit(`p${i}`);
    expect(pendingVisits()).toBe(10_000);
    recordVisit('p1');
    expect(pendingVisits()).toBe(10_001);
    discardVisits();
  });
});

describe('the figures', () => {
  it('take 7, 30 or 90 days, 30 by default', () => {
    expect([undefined, null, '', '7', '30', '90'].map(parsePeriod)).toEqual([
      30, 30, 30, 7, 30, 90,
    ]);
    for (const bad of ['5', '07', 'treinta', '-7', '30.0']) expect(parsePeriod(bad)).toBeNull();
  });

  it("fill every day, add up, split by channel, and divide the shop's sales by visits", () => {
    const figures = buildFigures(
      7,
      '2026-03-02',
      {
        productVisits: [
          { day: '2026-02-24', visits: 10 },
          { day: '2026-03-02', visits: 5 },
          { day: '2026-02-01', visits: 99 }, // outside the period
        ],
        pageVisits: [{ day: '2026-02-28', visits: 5 }],
        sales: [
          { day: '2026-03-02', channel: 'tienda', orders: 2, revenue: 25980 },
          // Sold at Mercado Libre: revenue, never a visit's conversion.
          { day: '2026-03-02', channel: 'mercadolibre', orders: 3, revenue: 41970 },
        ],
      },
      { products: [], pages: [] },
    );
    expect(figures.from).toBe('2026-02-24');
    expect(figures.daily.map((d) => d.day)).toEqual([
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(figures.totals).toEqual({
      product_visits: 15,
      page_visits: 5,
      visits: 20,
      orders: 5,
      shop_orders: 2,
      revenue: 67950,
      conversion: 0.1,
    });
    expect(figures.by_channel).toEqual([
      { channel: 'tienda', name: 'Tu tienda', orders: 2, revenue: 25980 },
      { channel: 'mercadolibre', name: 'Mercado Libre', orders: 3, revenue: 41970 },
    ]);
    expect(formatConversion(figures.totals.conversion)).toBe('10 %');
    expect(formatConversion(1 / 9)).toBe('11,1 %');
    expect(formatConversion(null)).toBe('—');

    const csv = figuresCsv(figures);
    expect(csv.startsWith('\uFEFFfecha;visitas;')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(8);
    expect(lines[1]).toBe('2026-02-24;10;10;0;0;0;0,0');
    expect(lines[2]).toBe('2026-02-25;0;0;0;0;0;');
    expect(lines[7]).toBe('2026-03-02;5;5;0;5;67950;40,0');
  });

  it('chart against a round top; an empty day is still a hairline', () => {
    expect([0, 1, 3, 7, 12, 180, 25_980].map(niceTop)).toEqual([1, 1, 5, 10, 20, 200, 50_000]);
    const chart = barChart([
      { day: '2026-03-01', value: 0 },
      { day: '2026-03-02', value: 10 },
    ]);
    expect(chart.top).toBe(10);
    expect(chart.bars[1]).toMatchObject({ y: 0, height: chart.height });
    expect(chart.bars[0]!.height).toBe(1);
    expect(chart.bars[0]!.x + chart.bars[0]!.width).toBeLessThan(chart.bars[1]!.x);
  });
});
