import type { APIRoute } from 'astro';
import { signUp } from '@/lib/accounts/sign-up.server';
import { sessionForCaller } from '@/lib/accounts/session.server';
import { getDb } from '@/lib/server/db/client';
import { BODY_LIMITS, json, methodNotAllowed, readJson } from '@/lib/server/http/json';

/** `POST /api/users/register/` {email, password, full_name} → 201 {token, user} (a browser: {user}). */
export const POST: APIRoute = async (context) =>
  json(
    sessionForCaller(
      context.request,
      await signUp(await getDb(), context, () => readJson(context.request, BODY_LIMITS.auth)),
    ),
    { status: 201 },
  );

export const ALL = methodNotAllowed('POST');
