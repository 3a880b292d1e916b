/**
 * Kill -9 while Shipit creates the shipment (issue 65): Shipit has the parcel, the app never heard
 * its id. After the restart the job tries again under its key, Shipit refuses the day's reference a
 * second time, and the shipment waits; Shipit's notification names it, the app reads it back with
 * the seller's token, links it and moves the order. One parcel at Shipit, on both engines.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient, uniqueEmail } from '../../support/http';
import { ENGINES } from '../../support/postgres';
import {
  FAST_QUEUE,
  startServer,
  tempDir,
  TEST_SECRETS_KEY,
  type RunningServer,
} from '../../support/server';
import { SHIPIT_EMAIL, SHIPIT_TOKEN, startShipit } from '../../support/shipit';
import { openShop } from '../../support/shop';
import { startSmtp } from '../../support/smtp';
import { until } from '../../support/until';

describe.concurrent('a shipment through a kill -9', () => {
  it.each(ENGINES)(
    '$kind: one parcel at Shipit, linked by its notification',
    async ({ database }) => {
      const shipit = await startShipit({ labelAfterMs: 100, createDelayMs: 2000 });
      const smtp = await startSmtp(tempDir('kill-mail-'));
      const db = await database();
      const env = {
        ...db.env,
        ...FAST_QUEUE,
        DATA_DIR: tempDir(),
        SMTP_URL: smtp.url,
        SHIPIT_API_URL: shipit.url,
        SHIPMENT_POLL_MS: '200',
        // One key for the deployment, as every instance of it shares.
        SECRETS_KEY: TEST_SECRETS_KEY,
      };
      let server: RunningServer = await startServer(env);
      try {
        const api = new ApiClient(server.url);
        const seller = await api.register();
        const as = { token: seller.token };
        const { product } = await openShop(api, seller.token, { product: { weight_g: 500 } });
        await api.put(
          '/api/store/shipping/shipit/',
          { email: SHIPIT_EMAIL, token: SHIPIT_TOKEN, version: 0 },
          as,
        );
        const { version: v } = (await api.get('/api/store/shipping/', as)).body;
        await api.put('/api/store/shipping/', { ship_from: '13101', version: v }, as);
        const placed = await new ApiClient(server.url).post('/api/orders/', {
          items: [{ product: product.id, quantity: 1 }],
          buyer: { name: 'Camila Soto', email: uniqueEmail('kill'), phone: '9 8765 4321' },
          delivery: {
            method: 'despacho',
            address: 'Los Aromos 55',
            comuna: '13120',
            option: 'shipit:starken',
          },
          payment_method: 'transferencia',
        });
        expect(placed.status, JSON.stringify(placed.body)).toBe(201);
        const id = placed.body.id as number;
        const { version } = (await api.get(`/api/orders/${id}/`, as)).body;
        await api.patch(`/api/orders/${id}/`, { status: 'pagado', version }, as);
        expect((await api.post(`/api/orders/${id}/envio/`, undefined, as)).status).toBe(202);

        // Shipit has it; its answer is two seconds away when the process dies.
        await until(
          async () => shipit.shipments.length,
          (n) => n === 1,
          10_000,
        );
        server.proc.kill('SIGKILL');
        await new Promise((r) => server.proc.once('exit', r));
        server = await startServer({ ...env, PORT: String(server.port) });

        const waiting = await until(
          async () => (await api.get(`/api/orders/${id}/envio/`, as)).body,
          (s) => Boolean(s.problem),
          20_000,
        );
        expect(waiting).toMatchObject({
          state: 'requested',
          problem: 'Shipit ya recibió este envío; lo enlazaremos en cuanto Shipit avise.',
        });
        expect(shipit.shipments).toHaveLength(1);

        const hook = `${server.url}/api/shipping/shipit/notify/${seller.user.id}/`;
        await fetch(
          `${shipit.url}/__debug/move/${shipit.shipments[0]!.id}?status=in_transit&webhook=${encodeURIComponent(hook)}`,
        );
        const sent = await until(
          async () => (await api.get(`/api/orders/${id}/`, as)).body,
          (o) => o.status === 'enviado',
          15_000,
        );
        expect(sent.status).toBe('enviado');
        expect(sent.tracking.number).toBe(`TRK${shipit.shipments[0]!.id}`);
        expect(shipit.shipments).toHaveLength(1);
      } finally {
        await server.stop();
        await smtp.close();
        await shipit.close();
        await db.drop();
      }
    },
    90_000,
  );
});
