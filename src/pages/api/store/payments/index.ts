import type { APIRoute } from 'astro';
import { paymentAccountsOf } from '@/lib/payments/accounts.server';
import { getWebpayAccount } from '@/lib/payments/providers/webpay/account.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed } from '@/lib/server/http/json';

/** `GET /api/store/payments/` → {webpay, flow, mercadopago}: each account as its own `GET` shows it, never a secret. */
export const GET: APIRoute = async ({ locals }) => {
  const db = await getDb();
  const userId = requireUser(locals).id;
  const [webpay, providers] = await Promise.all([
    getWebpayAccount(db, userId),
    paymentAccountsOf(db, userId),
  ]);
  return json({ webpay, ...providers });
};

export const ALL = methodNotAllowed('GET');
