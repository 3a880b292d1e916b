/**
 * Mercado Libre's sales through a kill -9 and a lost notice (issue 66), on both engines: one sale's
 * notice never arrives (listed in `/missed_feeds`), another's import dies mid-read. After the
 * restart the reconciliation (3 s after start, then every 10 minutes) finds the lost one, the
 * killed job runs again when its lease ends, and each sale is one order that took its stock once.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/http';
import {
  MERCADOLIBRE_CLIENT_ID,
  MERCADOLIBRE_CLIENT_SECRET,
  startMercadoLibre,
} from '../../support/mercadolibre';
import { ENGINES } from '../../support/postgres';
import {
  FAST_QUEUE,
  startServer,
  tempDir,
  TEST_SECRETS_KEY,
  type RunningServer,
} from '../../support/server';
import { openShop } from '../../support/shop';
import { until } from '../../support/until';

describe.concurrent('Mercado Libre sales through a kill -9', () => {
  it.each(ENGINES)(
    '$kind: a lost notice and a killed import make one order each',
    async ({ database }) => {
      const ml = await startMercadoLibre();
      const db = await database();
      const env = {
        ...db.env,
        ...FAST_QUEUE,
        DATA_DIR: tempDir(),
        MERCADOLIBRE_CLIENT_ID,
        MERCADOLIBRE_CLIENT_SECRET,
        MERCADOLIBRE_AUTH_URL: ml.url,
        MERCADOLIBRE_API_URL: ml.url,
        SECRETS_KEY: TEST_SECRETS_KEY,
      };
      let server: RunningServer = await startServer(env);
      try {
        const api = new ApiClient(server.url);
        const seller = await api.register();
        const as = { token: seller.token };
        const { product } = await openShop(api, seller.token, { product: { stock: 5 } });
        const start = await api.get('/canales/mercadolibre/conectar');
        const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
        const back = new URL(consent.headers.get('location')!);
        await api.get(back.pathname + back.search);
        const linked = await api.put(
          '/api/store/channels/mercadolibre/links/',
          { links: [{ item_id: 'MLC1000000001', product: product.id }] },
          as,
        );
        expect(linked.status).toBe(200);
        const sell = async (sale: Record<string, unknown>) =>
          (await fetch(`${ml.url}/__debug/sell`, {
            method: 'POST',
            body: JSON.stringify({ item: 'MLC1000000001', oversell: true, ...sale }),
          }).then((r) => r.json())) as { answer: { status: number } };

        // One notice lost on the way; another answered, its order read slowly when the process dies.
        expect((await sell({ lost: true })).answer.status).toBe(0);
        await fetch(`${ml.url}/__debug/order-delay?ms=3000`);
        const callback = `${server.url}/api/channels/mercadolibre/notify/`;
        expect((await sell({ callback })).answer.status).toBe(200);
        await until(
          async () => ml.sales.orderReads,
          (n) => n >= 1,
          10_000,
        );
        server.proc.kill('SIGKILL');
        await new Promise((r) => server.proc.once('exit', r));
        await fetch(`${ml.url}/__debug/order-delay?ms=0`);
        server = await startServer({ ...env, PORT: String(server.port) });

        const imported = async () =>
          (await api.get('/api/orders/?canal=mercadolibre', as)).body.results as {
            id: number;
          }[];
        await until(imported, (list) => list.length >= 2, 30_000);
        // Time for a duplicate to show up, if anything would make one.
        await new Promise((r) => setTimeout(r, 1500));
        expect(await imported()).toHaveLength(2);
        expect((await api.get(`/api/products/${product.id}/`, as)).body.stock).toBe(3);
      } finally {
        await server.stop();
        await ml.close();
        await db.drop();
      }
    },
    90_000,
  );
});
