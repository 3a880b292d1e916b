import type { APIRoute } from 'astro';
import { askForReset } from '@/lib/accounts/password-reset.server';
import { getDb } from '@/lib/server/db/client';
import { BODY_LIMITS, json, methodNotAllowed, readJson } from '@/lib/server/http/json';

/** `POST /api/users/request-password-reset/` {email} → {detail}. */
export const POST: APIRoute = async (context) =>
  json({
    detail: await askForReset(await getDb(), context, () =>
      readJson(context.request, BODY_LIMITS.auth),
    ),
  });

export const ALL = methodNotAllowed('POST');
