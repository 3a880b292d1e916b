import type { APIRoute } from 'astro';
import { getPaymentAccount } from '@/lib/orders/providers/accounts.server';
import { getWebpayAccount } from '@/lib/orders/webpay-account.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed } from '@/lib/server/http/json';

/** `GET /api/store/payments/` → {webpay, flow}: each account as its own `GET` shows it, never a secret. */
export const GET: APIRoute = async ({ locals }) => {
  const db = await getDb();
  const userId = requireUser(locals).id;
  const [webpay, flow] = await Promise.all([
    getWebpayAccount(db, userId),
    getPaymentAccount(db, userId, 'flow'),
  ]);
  return json({ webpay, flow });
};

export const ALL = methodNotAllowed('GET');
