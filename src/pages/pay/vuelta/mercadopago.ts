import type { APIRoute } from 'astro';
import { paymentNotFound } from '@/lib/payments/not-found';
import { orderByReference } from '@/lib/payments/confirm.server';
import { referenceOf } from '@/lib/payments/reference';
import { askOnReturn, toReceipt } from '@/lib/checkout/return.server';
import { getDb } from '@/lib/server/db/client';

/**
 * `/pay/vuelta/mercadopago`: the preference's `back_urls`. Mercado Pago sends the buyer back by
 * GET with `preference_id` (and the payment's id and status, which decide nothing); the payment
 * is asked of Mercado Pago, then the receipt. An unknown preference is a 404.
 */
export const GET: APIRoute = async ({ url, cookies }) => {
  const preference = referenceOf(url.searchParams, 'preference_id');
  const db = await getDb();
  const row = preference ? await orderByReference(db, 'mercadopago', preference) : null;
  if (!row) return paymentNotFound('Mercado Pago');
  return toReceipt(db, await askOnReturn(db, row), cookies, url);
};
