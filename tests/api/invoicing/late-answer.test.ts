/**
 * A tax document is never lost (issue 62): OpenFactura emits a boleta but its answer never reaches
 * the app (slower than its timeout), and the seller cancels the order meanwhile. The boleta exists
 * at the SII all the same, so the job asks again under the same Idempotency-Key once OpenFactura
 * answers, records the boleta it finds, and the nota de crédito cancels it: one of each, on the
 * order and in the month's IVA. On PGlite and PostgreSQL, with a queue that retries within seconds.
 */
import { describe, expect, it } from 'vitest';
import { until } from '../../support/until';
import { ApiClient, uniqueEmail } from '../../support/http';
import { startOpenFactura } from '../../support/openfactura';
import { ENGINES } from '../../support/postgres';
import { FAST_QUEUE, startServer, tempDir, TEST_SECRETS_KEY } from '../../support/server';
import { COMPANY_IDENTITY, openShop } from '../../support/shop';

describe.concurrent('a boleta whose answer came too late', () => {
  it.each(ENGINES)(
    '$kind: cancelled meanwhile, it ends with one boleta and one nota de crédito',
    async ({ database }) => {
      const openfactura = await startOpenFactura();
      const db = await database();
      const server = await startServer({
        ...db.env,
        ...FAST_QUEUE,
        OPENFACTURA_API_URL: openfactura.url,
        SECRETS_KEY: TEST_SECRETS_KEY,
        DATA_DIR: tempDir(),
      });
      try {
        const api = new ApiClient(server.url);
        const seller = await api.register();
        const as = { token: seller.token };
        const { product } = await openShop(api, seller.token, {
          identity: COMPANY_IDENTITY,
          product: { stock: 5, price: 11990 },
        });
        const taxpayer = await openfactura.taxpayer();
        await api.put(
          '/api/store/invoicing/',
          { api_key: taxpayer.apikey, environment: 'demo', version: 0 },
          as,
        );
        const placed = await new ApiClient(server.url).post('/api/orders/', {
          items: [{ product: product.id, quantity: 1 }],
          buyer: { name: 'Camila Soto', email: uniqueEmail('tarde'), phone: '9 8765 4321' },
          delivery: { method: 'retiro' },
          payment_method: 'transferencia',
        });
        const order = () => api.get(`/api/orders/${placed.body.id}/`, as).then((r) => r.body);

        // Paid: OpenFactura emits the boleta, and its answer is lost on the way back.
        await openfactura.loseAnswers(taxpayer.apikey, true);
        await api.patch(`/api/orders/${placed.body.id}/`, { status: 'pagado' }, as);
        const emitted = await until(
          () => openfactura.documents(taxpayer.apikey),
          (d) => d.length > 0,
        );
        expect(emitted.map((d) => d.dte.Encabezado.IdDoc.TipoDTE)).toEqual([39]);
        expect((await order()).tax_document).toMatchObject({ status: 'pendiente', folio: null });

        // The seller cancels while the app still does not know the boleta exists.
        const cancelled = await api.patch(
          `/api/orders/${placed.body.id}/`,
          { status: 'cancelado' },
          as,
        );
        expect(cancelled.body.status).toBe('cancelado');
        // Retries meanwhile still get no answer: the row waits, it is not dropped.
        await new Promise((r) => setTimeout(r, 2500));
        expect((await order()).tax_document).toMatchObject({ status: 'pendiente' });

        // OpenFactura answers again: OF-06 names the first boleta, and its nota de crédito follows.
        await openfactura.loseAnswers(taxpayer.apikey, false);
        const documents = await until(
          () => openfactura.documents(taxpayer.apikey),
          (d) => d.length >= 2,
          20_000,
        );
        expect(documents.map((d) => d.dte.Encabezado.IdDoc.TipoDTE)).toEqual([39, 61]);
        expect(documents[1]!.dte.Referencia[0]).toMatchObject({ TpoDocRef: '39', FolioRef: '1' });
        const done = await until(order, (o) =>
          o.timeline.some((e: { label: string }) => e.label.includes('Nota de crédito')),
        );
        const notes = done.timeline.map((e: { label: string }) => e.label).join('\n');
        expect(notes).toMatch(/Boleta electrónica N° 1/);
        expect(notes).toMatch(/Nota de crédito electrónica N° 1/);

        const month = (await api.get('/api/store/invoicing/monthly/', as)).body;
        const count = (type: number) =>
          month.types.find((t: { type: number }) => t.type === type)?.count ?? 0;
        expect([count(39), count(61)]).toEqual([1, 1]);
        expect(month.net.total).toBe(0);
        // Nothing more is emitted by later retries.
        await new Promise((r) => setTimeout(r, 2000));
        expect(await openfactura.documents(taxpayer.apikey)).toHaveLength(2);
      } finally {
        await server.stop();
        await openfactura.close();
        await db.drop();
      }
    },
    90_000,
  );
});
