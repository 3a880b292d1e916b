import type { APIRoute } from 'astro';
import { legalSchema } from '@/lib/shop/legal';
import { getLegal, saveLegal } from '@/lib/shop/legal.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';

/** `GET /api/store/legal/` → {terminos, privacidad, devoluciones: {text, custom}, version}. */
export const GET: APIRoute = async ({ locals }) =>
  json(await getLegal(await getDb(), requireUser(locals).id));

/** `PUT …` {terminos?, privacidad?, devoluciones?, version}: a null or empty text is the template. */
export const PUT: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const input = await readBody(request, legalSchema);
  return json(await saveLegal(await getDb(), user.id, input));
};

export const ALL = methodNotAllowed('GET', 'PUT');
