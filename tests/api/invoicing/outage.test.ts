/**
 * Nothing promised is lost (issue 49): OpenFactura away for 60 s when orders are paid, and
 * answering 429 past its rate after: every paid order stays paid, its boleta waits «pendiente»
 * with a Spanish reason for the seller (told once by mail when it lasts «a day»), and is emitted
 * once OpenFactura is back, each once. On PGlite and PostgreSQL, with a queue that retries within
 * seconds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiClient, uniqueEmail } from '../../support/http';
import { startOpenFactura, type TestOpenFactura } from '../../support/openfactura';
import { ENGINES } from '../../support/postgres';
import { FAST_QUEUE, startServer, tempDir, TEST_SECRETS_KEY } from '../../support/server';
import { COMPANY_IDENTITY, openShop } from '../../support/shop';

const OUTAGE_MS = 60_000;

/** The mails a server without SMTP wrote to its outbox. */
const outboxMails = (dataDir: string) => {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
};

describe.concurrent('boletas while OpenFactura is away', () => {
  it.each(ENGINES)(
    '$kind: away 60 s, then rate-limited: every paid order gets its one boleta after',
    async ({ database }) => {
      let openfactura: TestOpenFactura = await startOpenFactura();
      const db = await database();
      const dataDir = tempDir();
      const server = await startServer({
        ...db.env,
        ...FAST_QUEUE,
        OPENFACTURA_API_URL: openfactura.url,
        SECRETS_KEY: TEST_SECRETS_KEY,
        // «A day» of failures is 18 s here: the seller is told once, not once per boleta.
        TAX_DOCUMENT_WARN_HOURS: '0.005',
        DATA_DIR: dataDir,
      });
      try {
        const api = new ApiClient(server.url);
        const seller = await api.register();
        const as = { token: seller.token };
        const { product } = await openShop(api, seller.token, {
          identity: COMPANY_IDENTITY,
          product: { stock: 50 },
        });
        const taxpayer = await openfactura.taxpayer();
        const saved = await api.put(
          '/api/store/invoicing/',
          { api_key: taxpayer.apikey, environment: 'demo', version: 0 },
          as,
        );
        expect(saved.body.check, JSON.stringify(saved.body)).toBe('ok');

        const port = Number(new URL(openfactura.url).port);
        await openfactura.close();
        const away = Date.now();
        const ids: number[] = [];
        for (let i = 0; i < 6; i++) {
          const placed = await new ApiClient(server.url).post('/api/orders/', {
            items: [{ product: product.id, quantity: 1 }],
            buyer: { name: 'Camila Soto', email: uniqueEmail(`caida-${i}`), phone: '9 8765 4321' },
            delivery: { method: 'retiro' },
            payment_method: 'transferencia',
          });
          expect(placed.status).toBe(201);
          const paid = await api.patch(`/api/orders/${placed.body.id}/`, { status: 'pagado' }, as);
          expect(paid.status).toBe(200);
          ids.push(placed.body.id);
        }
        // Meanwhile: paid, and the boleta waits with a reason the seller can read.
        await new Promise((r) => setTimeout(r, 5000));
        const waiting = (await api.get(`/api/orders/${ids[0]}/`, as)).body;
        expect(waiting.status).toBe('pagado');
        expect(waiting.tax_document).toMatchObject({
          status: 'pendiente',
          folio: null,
          error: 'OpenFactura no respondió. Reintentaremos en unos minutos.',
        });

        await new Promise((r) => setTimeout(r, Math.max(0, OUTAGE_MS - (Date.now() - away))));
        // Past «a day» (18 s) of failures, one warning for the seller (no SMTP: the outbox).
        const warnings = outboxMails(dataDir).filter((m) => m.includes('no se ha emitido'));
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toContain(`To: ${seller.user.email}`);
        openfactura = await startOpenFactura(port);
        await openfactura.register(taxpayer);
        // Six documents at once meet its 3-a-second limit: the 429s wait their turn too.
        const deadline = Date.now() + 40_000;
        let documents: { status: string; folio: number | null }[] = [];
        while (Date.now() < deadline) {
          documents = await Promise.all(
            ids.map(async (id) => (await api.get(`/api/orders/${id}/`, as)).body.tax_document),
          );
          if (documents.every((d) => d.status === 'emitida')) break;
          await new Promise((r) => setTimeout(r, 500));
        }
        expect(documents.map((d) => d.status)).toEqual(ids.map(() => 'emitida'));
        expect(new Set(documents.map((d) => d.folio)).size).toBe(ids.length);
        // Another round of retries would show a repeat by now.
        await new Promise((r) => setTimeout(r, 4000));
        expect(await openfactura.documents(taxpayer.apikey)).toHaveLength(ids.length);
      } finally {
        await server.stop();
        await openfactura.close();
        await db.drop();
      }
    },
    150_000,
  );
});
