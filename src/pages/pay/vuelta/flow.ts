import type { APIRoute } from 'astro';
import { eq } from 'drizzle-orm';
import { paymentNotFound } from '@/lib/payments/not-found';
import { orderByReference } from '@/lib/payments/confirm.server';
import { referenceOf } from '@/lib/payments/reference';
import { askOnReturn, seeOther, toReceipt } from '@/lib/checkout/return.server';
import { PAY_PATHS } from '@/lib/orders/urls';
import { orderIdByReceipt } from '@/lib/orders/view.server';
import { getDb } from '@/lib/server/db/client';
import { orders } from '@/lib/server/db/schema';
import { BODY_LIMITS, readCapped } from '@/lib/server/http/json';

/**
 * `/pay/vuelta/flow`: Flow's `urlReturn`. Flow posts the buyer back with `token`; the payment is
 * asked of Flow here (never read from the post). The post comes from Flow's site without the
 * cart cookie, so it goes on by a GET on our own host, which empties the cart of a paid order and
 * shows the receipt. An unknown token is a 404.
 */
export const POST: APIRoute = async ({ request }) => {
  const form = new URLSearchParams((await readCapped(request, BODY_LIMITS.auth)).toString('utf8'));
  const token = referenceOf(form, 'token');
  const db = await getDb();
  const row = token ? await orderByReference(db, 'flow', token) : null;
  if (!row) return paymentNotFound('Flow');
  await askOnReturn(db, row);
  return seeOther(`${PAY_PATHS.providerReturn('flow')}?orden=${row.receiptToken}`);
};

export const GET: APIRoute = async ({ url, cookies }) => {
  const db = await getDb();
  const id = await orderIdByReceipt(db, url.searchParams.get('orden') ?? '');
  if (id === null) return paymentNotFound('Flow');
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return toReceipt(db, row!, cookies, url);
};
