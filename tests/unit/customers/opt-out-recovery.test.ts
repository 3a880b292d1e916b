/**
 * The recovery mail and a buyer's «no more publicity» (issue 63), on PGlite and PostgreSQL: past
 * the day in which it is a service message, the mail is publicity, so it goes only under a consent
 * that still holds, with its one-click way out; a buyer who opted out after ordering gets none.
 * Within the day it is about their own purchase and goes without the marketing line.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { optOut } from '@/lib/marketing/opt-outs.server';
import { orderMailsJob } from '@/lib/orders/order-mails.server';
import { createOrder } from '@/lib/checkout/placing.server';
import { jobs, orders } from '@/lib/server/db/schema';
import { createProduct } from '@/lib/shop/products.server';
import { productCreateSchema } from '@/lib/shop/schemas';
import { DB_ENGINES, insertSeller, useEngineDatabase } from '../../support/engine-db';

// The cache bus opens the default database to announce: one of this file's own.
vi.hoisted(() =>
  Object.assign(process.env, {
    SECRETS_KEY: 'd'.repeat(64),
    LOG_LEVEL: 'silent',
    DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/impulsa-opt-out-${process.pid}-${Date.now()}`,
  }),
);

describe.each(DB_ENGINES)(
  'the recovery mail after an opt-out on $name',
  { timeout: 30_000 },
  (engine) => {
    const t = useEngineDatabase(engine);
    let sellerId: number;
    let productId: number;
    let jobId = 1_000_000;

    beforeAll(async () => {
      sellerId = await insertSeller(t.db);
      productId = (
        await createProduct(
          t.db,
          sellerId,
          productCreateSchema.parse({ name: 'Alfajor', price: 1990, published: true }),
        )
      ).id;
    });

    /** An order by `email` with the consent ticked, placed `hoursAgo`, lapsed; its recovery job run. */
    async function recover(email: string, hoursAgo: number, optOutFirst: boolean) {
      const { row } = await createOrder(
        t.db,
        {
          items: [{ product: productId, quantity: 1 }],
          buyer: { name: 'Ana Díaz', email, phone: '+56912345678' },
          delivery: { method: 'retiro' },
          payment_method: 'transferencia',
          marketing_consent: true,
        },
        {},
      );
      await t.db
        .update(orders)
        .set({
          status: 'cancelado',
          createdAt: sql`now() - make_interval(hours => ${hoursAgo})`,
        })
        .where(eq(orders.id, row.id));
      if (optOutFirst) await optOut(t.db, sellerId, email.toUpperCase());
      await orderMailsJob(t.handle, {
        id: jobId++,
        kind: 'order-mails',
        payload: { orderId: row.id, event: 'recover' },
        attempts: 1,
        createdAt: new Date(),
        repeatSeconds: null,
        ref: `order:${row.id}`,
      });
      const mails = await t.db
        .select({ payload: jobs.payload })
        .from(jobs)
        .where(and(eq(jobs.kind, 'mail'), eq(jobs.ref, `order:${row.id}`)));
      return mails
        .map(
          (m) => m.payload as { subject: string; text: string; headers?: Record<string, string> },
        )
        .filter((m) => m.subject.startsWith('¿Quieres terminar tu compra?'));
    }

    it('a day on, goes as publicity with its way out; after an opt-out, not at all', async () => {
      const [kept] = await recover('kept@ejemplo.cl', 48, false);
      expect(kept!.text).toMatch(/sal de la lista con un clic: http\S+\/baja\/\d+\./);
      expect(kept!.headers).toEqual({
        'List-Unsubscribe': expect.stringMatching(/^<http\S+\/baja\/\S+>$/),
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
      expect(await recover('out@ejemplo.cl', 48, true)).toEqual([]);
    });

    it('within the day, is a service message about the purchase, opted out or not', async () => {
      const [mail] = await recover('recent@ejemplo.cl', 1, true);
      expect(mail!.text).not.toContain('sal de la lista');
      expect(mail!.headers).toBeUndefined();
    });
  },
);
