/**
 * Orders' rules (statuses, numbers, the checkout form, the CSP for Webpay's form) and their
 * housekeeping against a local Webpay server, on PGlite and PostgreSQL: a commit the app never
 * finished (it stopped before or after calling Webpay) is settled on the next sweep, with one
 * commit per token; unpaid orders past their time give their stock back.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { checkoutInput } from '@/lib/checkout/checkout-form';
import { createOrder } from '@/lib/checkout/placing.server';
import { sweepOrders } from '@/lib/payments/settle.server';
import {
  formatOrderNumber,
  mergeItems,
  nextStatuses,
  trackingUrl,
  ORDER_NUMBER_ALPHABET,
} from '@/lib/orders/schemas';
import { jobs, orders, products } from '@/lib/server/db/schema';
import { sealSecret } from '@/lib/server/secrets';
import { withFormAction } from '@/lib/server/http/csp';
import { APP_CSP } from '@/middleware/security-headers';
import { createProduct } from '@/lib/shop/products.server';
import { productCreateSchema } from '@/lib/shop/schemas';
import { DB_ENGINES, insertSeller, useEngineDatabase } from '../../support/engine-db';
import { WEBPAY_API_KEY, WEBPAY_COMMERCE_CODE } from '../../support/webpay';

// The local Webpay runs before the app's modules load, which read its address as a server's start does.
const webpay = await vi.hoisted(async () => {
  const { startWebpay } = await import('../../support/webpay');
  const started = await startWebpay();
  Object.assign(process.env, {
    WEBPAY_API_URL: started.url,
    SECRETS_KEY: 'b'.repeat(64),
    LOG_LEVEL: 'silent',
  });
  return started;
});
afterAll(() => webpay.close());

describe('order rules', () => {
  it('moves an order one step at a time; Webpay orders are paid by Webpay only', () => {
    expect(nextStatuses('pendiente_pago', 'transferencia')).toEqual(['pagado', 'cancelado']);
    expect(nextStatuses('pendiente_pago', 'webpay')).toEqual(['cancelado']);
    expect(nextStatuses('pagado', 'webpay')).toEqual(['preparando', 'cancelado']);
    expect(nextStatuses('enviado', 'whatsapp')).toEqual(['entregado']);
    // Prepared: sent when delivered, ready for pickup when picked up.
    expect(nextStatuses('preparando', 'webpay', 'despacho')).toEqual(['enviado', 'cancelado']);
    expect(nextStatuses('preparando', 'webpay', 'retiro')).toEqual(['listo_retiro', 'cancelado']);
    expect(nextStatuses('listo_retiro', 'transferencia', 'retiro')).toEqual(['entregado']);
    for (const end of ['entregado', 'cancelado', 'rechazado'] as const)
      expect(nextStatuses(end, 'transferencia')).toEqual([]);
  });

  it('links a shipment to its carrier’s tracking page, when the carrier has one', () => {
    expect(trackingUrl('chilexpress', '99 12/3')).toBe(
      'https://centrodeayuda.chilexpress.cl/seguimiento/99%2012%2F3',
    );
    expect(trackingUrl('otro', 'X1')).toBeNull();
    expect(trackingUrl('dhl', 'X1')).toBeNull();
    expect(trackingUrl('starken', null)).toBeNull();
  });

  it('numbers orders with characters that cannot be misread', () => {
    const number = formatOrderNumber(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 255]));
    expect(number).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(ORDER_NUMBER_ALPHABET).not.toMatch(/[01OIL]/);
  });

  it('merges repeated lines within the limit', () => {
    expect(
      mergeItems([
        { product: 1, quantity: 60 },
        { product: 2, quantity: 1 },
        { product: 1, quantity: 60 },
      ]),
    ).toEqual([
      { product: 1, quantity: 99 },
      { product: 2, quantity: 1 },
    ]);
  });

  it('reads the checkout form and asks for the comuna of a delivery with the other errors', () => {
    const draft = {
      'buyer.name': 'Ana Díaz',
      'buyer.email': 'ANA@Correo.cl',
      'buyer.phone': '9 1234 5678',
      'delivery.method': 'retiro',
      payment_method: 'transferencia',
      terms_accepted: 'si',
    };
    expect(checkoutInput(draft, [{ product: 3, quantity: 2 }])).toMatchObject({
      buyer: { email: 'ana@correo.cl', phone: '+56912345678' },
      delivery: { method: 'retiro' },
      marketing_consent: false,
    });
    // The shop's terms are a required checkbox (Ley 19.496); the marketing one is a free yes.
    expect(() =>
      checkoutInput({ ...draft, terms_accepted: '' }, [{ product: 3, quantity: 2 }]),
    ).toThrow('Acepta los términos y condiciones de la tienda para confirmar.');
    expect(
      checkoutInput({ ...draft, marketing_consent: 'si' }, [{ product: 3, quantity: 2 }])
        .marketing_consent,
    ).toBe(true);
    try {
      checkoutInput(
        {
          ...draft,
          'buyer.email': 'x',
          'delivery.method': 'despacho',
          'delivery.address': 'Calle 1',
        },
        [{ product: 3, quantity: 1 }],
      );
      expect.unreachable();
    } catch (error) {
      const paths = (error as { issues: { path: string[] }[] }).issues.map((i) => i.path.join('.'));
      expect(paths).toEqual(expect.arrayContaining(['buyer.email', 'delivery.comuna']));
    }
  });

  it('lets a page post to Webpay and nowhere else', () => {
    expect(withFormAction(APP_CSP, 'https://webpay3gint.transbank.cl')).toContain(
      "form-action 'self' https://webpay3gint.transbank.cl;",
    );
  });
});

describe.each(DB_ENGINES)('order housekeeping on $name', { timeout: 30_000 }, (engine) => {
  const t = useEngineDatabase(engine);
  let sellerId: number;

  beforeAll(async () => {
    // The seller's own Webpay account: every call below goes out with its credentials.
    sellerId = await insertSeller(t.db, {
      webpayCommerceCode: WEBPAY_COMMERCE_CODE,
      webpaySecret: sealSecret(WEBPAY_API_KEY),
      // Checked with Webpay: checkout offers only an account Webpay accepted.
      webpayCheck: 'ok',
    });
  });

  const buyer = { name: 'Ana Díaz', email: 'ana@ejemplo.cl', phone: '+56912345678' };
  const stockOf = async (id: number) =>
    (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!
      .stock;
  const decide = (token: string, action: string) =>
    fetch(`${webpay.url}/webpayserver/decide`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ token_ws: token, action }),
    });
  const commits = async (token: string) =>
    (await (await fetch(`${webpay.url}/__debug/transactions/${token}`)).json()).commits;

  it('settles a Webpay commit the app never finished, once, whether or not it reached Webpay', async () => {
    const product = await createProduct(
      t.db,
      sellerId,
      productCreateSchema.parse({ name: 'Taza', price: 9990, stock: 5, published: true }),
    );
    for (const reachedWebpay of [false, true]) {
      const { row } = await createOrder(
        t.db,
        {
          items: [{ product: product.id, quantity: 1 }],
          buyer,
          delivery: { method: 'retiro' },
          payment_method: 'webpay',
        },
        { origin: 'http://tienda.test' },
      );
      await decide(row.webpayToken!, 'approve');
      // The buyer came back and the app claimed the commit, then stopped (after committing at Webpay, or before).
      await t.db
        .update(orders)
        .set({ webpayState: 'committing', updatedAt: sql`now() - interval '5 minutes'` })
        .where(eq(orders.id, row.id));
      if (reachedWebpay)
        expect(
          (
            await fetch(
              `${webpay.url}/rswebpaytransaction/api/webpay/v1.2/transactions/${row.webpayToken}`,
              {
                method: 'PUT',
                headers: {
                  'Tbk-Api-Key-Id': WEBPAY_COMMERCE_CODE,
                  'Tbk-Api-Key-Secret': WEBPAY_API_KEY,
                },
              },
            )
          ).status,
        ).toBe(200);
      expect((await sweepOrders(t.db)).reconciled).toBe(1);
      const [after] = await t.db.select().from(orders).where(eq(orders.id, row.id));
      expect(after).toMatchObject({ status: 'pagado', webpayState: 'done', stockHeld: true });
      expect(await commits(row.webpayToken!)).toBe(1);
      expect((await sweepOrders(t.db)).reconciled).toBe(0);
    }
    expect(await stockOf(product.id)).toBe(3);
  });

  it('gives back the stock of unpaid orders past their time, asking Webpay first for its own', async () => {
    const product = await createProduct(
      t.db,
      sellerId,
      productCreateSchema.parse({ name: 'Vela', price: 4990, stock: 3, published: true }),
    );
    const transfer = await createOrder(
      t.db,
      {
        items: [{ product: product.id, quantity: 2 }],
        buyer,
        delivery: { method: 'retiro' },
        payment_method: 'transferencia',
      },
      {},
    );
    const abandoned = await createOrder(
      t.db,
      {
        items: [{ product: product.id, quantity: 1 }],
        buyer,
        delivery: { method: 'retiro' },
        payment_method: 'webpay',
      },
      {},
    );
    expect(await stockOf(product.id)).toBe(0);
    expect((await sweepOrders(t.db)).lapsed).toBe(0);
    await t.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(orders.sellerId, sellerId));
    expect((await sweepOrders(t.db)).lapsed).toBe(2);
    const statuses = await t.db
      .select({ id: orders.id, status: orders.status, reason: orders.reason })
      .from(orders)
      .where(eq(orders.sellerId, sellerId));
    expect(statuses.find((o) => o.id === transfer.row.id)).toMatchObject({
      status: 'cancelado',
      reason: 'No se recibió el pago a tiempo.',
    });
    expect(statuses.find((o) => o.id === abandoned.row.id)).toMatchObject({ status: 'rechazado' });
    expect(await stockOf(product.id)).toBe(3);
    expect((await sweepOrders(t.db)).lapsed).toBe(0);
    expect(await stockOf(product.id)).toBe(3);
  });

  it('a lapse mails nothing to a buyer who bought again since, else asks to finish or says cancelled', async () => {
    const product = await createProduct(
      t.db,
      sellerId,
      productCreateSchema.parse({ name: 'Jabón', price: 2990, stock: 5, published: true }),
    );
    const place = (email: string) =>
      createOrder(
        t.db,
        {
          items: [{ product: product.id, quantity: 1 }],
          buyer: { ...buyer, email },
          delivery: { method: 'retiro' },
          payment_method: 'transferencia',
        },
        {},
      );
    const first = await place('vuelve@ejemplo.cl');
    await place('VUELVE@ejemplo.cl'); // the second try, still on its way
    const alone = await place('una-vez@ejemplo.cl');
    const old = await place('hace-dias@ejemplo.cl');
    await t.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(inArray(orders.id, [first.row.id, alone.row.id, old.row.id]));
    // Two days old and no marketing consent: the recovery mail would be marketing.
    await t.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(eq(orders.id, old.row.id));
    expect((await sweepOrders(t.db)).lapsed).toBe(3);
    const lapseMails = async (orderId: number) =>
      (
        await t.db
          .select({ payload: jobs.payload })
          .from(jobs)
          .where(and(eq(jobs.ref, `order:${orderId}`), eq(jobs.kind, 'order-mails')))
      )
        .map((j) => j.payload.event)
        .filter((event) => event !== 'placed');
    expect(await lapseMails(first.row.id)).toEqual([]);
    expect(await lapseMails(alone.row.id)).toEqual(['recover']);
    expect(await lapseMails(old.row.id)).toEqual(['status']);
  });
});
