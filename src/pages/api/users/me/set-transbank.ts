import type { APIRoute } from 'astro';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed } from '@/lib/server/http/json';
import { markTransbankReferral } from '@/lib/accounts/users.server';

/** `PATCH /api/users/me/set-transbank/` → {status, is_transbank_referral}. */
export const PATCH: APIRoute = async ({ locals }) => {
  const user = await markTransbankReferral(await getDb(), requireUser(locals).id);
  return json({ status: 'ok', is_transbank_referral: user.isTransbankReferral });
};

export const ALL = methodNotAllowed('PATCH');
