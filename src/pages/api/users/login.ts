import type { APIRoute } from 'astro';
import { signIn } from '@/lib/accounts/sign-in.server';
import { sessionForCaller } from '@/lib/accounts/session.server';
import { getDb } from '@/lib/server/db/client';
import { BODY_LIMITS, json, methodNotAllowed, readJson } from '@/lib/server/http/json';

/** `POST /api/users/login/` {email, password} → {token, user} (a browser: {user} and the cookie). */
export const POST: APIRoute = async (context) =>
  json(
    sessionForCaller(
      context.request,
      await signIn(await getDb(), context, () => readJson(context.request, BODY_LIMITS.auth)),
    ),
  );

export const ALL = methodNotAllowed('POST');
