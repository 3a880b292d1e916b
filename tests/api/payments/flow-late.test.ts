/**
 * Flow's payments that arrive late or not at all (issue 50), each engine with its own app (holds
 * of 4 s, a sweep every second) and its own Flow. An order whose hold ended while Flow still had
 * it pending is given up; a payment Flow then reports takes the stock back if there is some, else
 * marks the order for a refund and mails the seller. A notification that never came is made up
 * by the sweep asking Flow.
 */
import { describe, expect, it } from 'vitest';
import { startFlow } from '../../support/flow';
import {
  flowShop,
  flowToken,
  placeFlowOrder,
  setAtFlow,
  flowPayment,
} from '../../support/flow-buyer';
import { until } from '../../support/until';
import { ApiClient, getWithHost, uniqueEmail } from '../../support/http';
import { ENGINES } from '../../support/postgres';
import { withOwnApp } from '../../support/own-app';
import { decodedMail, waitForMailWith } from '../../support/smtp';

describe.concurrent('Flow payments late or lost', () => {
  it.each(ENGINES)(
    '$kind: a late payment retakes the stock or marks a refund; the sweep finds a lost notification',
    async (engine) => {
      const flow = await startFlow();
      const env = {
        FLOW_API_URL: flow.url,
        SECRETS_KEY: 'b'.repeat(64),
        ORDER_HOLD_HOURS: String(4 / 3600),
      };
      await withOwnApp(engine, env, async ({ url, mailDir }) => {
        const shop = await flowShop(url);
        const stockOf = async (id: number) =>
          (await shop.api.get(`/api/products/${id}/`, shop.as)).body.stock;
        const jarro = await shop.product({ name: 'Jarro', price: 8990, stock: 2 });
        const fuente = await shop.product({ name: 'Fuente', price: 15990, stock: 1 });

        // Two orders left pending at Flow past their hold: given up, their stock back.
        const a = (await placeFlowOrder(url, jarro.id)).body;
        const b = (await placeFlowOrder(url, fuente.id)).body;
        for (const id of [a.id, b.id])
          expect(
            await until(
              () => shop.order(id),
              (o) => o.status !== 'pendiente_pago',
              20_000,
            ),
          ).toMatchObject({ status: 'rechazado' });
        expect(await stockOf(jarro.id)).toBe(2);

        // A's payment arrives late, with stock left: paid, the stock taken again.
        await setAtFlow(flow.url, flowToken(a.payment_url), 2, true);
        const paidLate = await until(
          () => shop.order(a.id),
          (o) => o.status === 'pagado',
        );
        expect(paidLate).toMatchObject({ status: 'pagado', refund_due: false });
        expect(JSON.stringify(paidLate.timeline)).toContain('después del plazo y había stock');
        expect(await stockOf(jarro.id)).toBe(1);

        // B's last unit went to another buyer before B's payment arrived: a refund is due.
        const other = await new ApiClient(url).post('/api/orders/', {
          buyer: { name: 'Pedro Rojas', email: uniqueEmail('pedro'), phone: '9 1234 5678' },
          delivery: { method: 'retiro' },
          payment_method: 'transferencia',
          items: [{ product: fuente.id, quantity: 1 }],
        });
        expect(other.status).toBe(201);
        await setAtFlow(flow.url, flowToken(b.payment_url), 2, true);
        const owed = await until(
          () => shop.order(b.id),
          (o) => o.refund_due,
        );
        expect(owed).toMatchObject({ status: 'rechazado', refund_due: true });
        expect(await stockOf(fuente.id)).toBe(0);
        const mail = await waitForMailWith(
          mailDir,
          shop.account.user.email,
          'Pago fuera de plazo sin stock',
          decodedMail,
          15_000,
        );
        expect(mail).toContain(b.number);
        const page = await getWithHost(url, new URL(url).host, `/ordenes/${b.id}`, {
          Cookie: `impulsa_session=${shop.account.token}`,
        });
        expect(page.body).toContain('Reembolso pendiente');

        // C is paid at Flow but its notification is lost: the sweep asks Flow and settles it.
        const c = (await placeFlowOrder(url, jarro.id)).body;
        await setAtFlow(flow.url, flowToken(c.payment_url), 2, false);
        expect(
          await until(
            () => shop.order(c.id),
            (o) => o.status !== 'pendiente_pago',
            20_000,
          ),
        ).toMatchObject({ status: 'pagado' });
        expect((await flowPayment(flow.url, flowToken(c.payment_url))).confirmations).toEqual([]);
        expect(await stockOf(jarro.id)).toBe(0);
      }).finally(() => flow.close());
    },
    90_000,
  );
});
