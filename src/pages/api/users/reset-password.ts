import type { APIRoute } from 'astro';
import { completeReset } from '@/lib/accounts/password-reset.server';
import { getDb } from '@/lib/server/db/client';
import { BODY_LIMITS, json, methodNotAllowed, readJson } from '@/lib/server/http/json';

/** `POST /api/users/reset-password/` {token, password} → {detail}; signs out everywhere, no automatic sign-in. */
export const POST: APIRoute = async (context) =>
  json({
    detail: await completeReset(await getDb(), context, () =>
      readJson(context.request, BODY_LIMITS.auth),
    ),
  });

export const ALL = methodNotAllowed('POST');
