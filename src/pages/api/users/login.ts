import type { APIRoute } from 'astro';
import { signIn } from '@/lib/accounts/sign-in.server';
import { getDb } from '@/lib/server/db/client';
import { BODY_LIMITS, json, methodNotAllowed, readJson } from '@/lib/server/http/json';

/** `POST /api/users/login/` {email, password} → {token, user}. */
export const POST: APIRoute = async (context) =>
  json(await signIn(await getDb(), context, () => readJson(context.request, BODY_LIMITS.auth)));

export const ALL = methodNotAllowed('POST');
