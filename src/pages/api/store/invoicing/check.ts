import type { APIRoute } from 'astro';
import { checkInvoicingAccount, getInvoicingAccount } from '@/lib/invoicing/account.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed } from '@/lib/server/http/json';

/**
 * `POST /api/store/invoicing/check/` → {ok, message, account}: asks the provider who the key
 * belongs to; emits nothing.
 */
export const POST: APIRoute = async ({ locals }) => {
  const userId = requireUser(locals).id;
  const db = await getDb();
  const { ok, message } = await checkInvoicingAccount(db, userId);
  return json({ ok, message, account: await getInvoicingAccount(db, userId) });
};

export const ALL = methodNotAllowed('POST');
