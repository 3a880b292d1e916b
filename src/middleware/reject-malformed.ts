import { defineMiddleware } from 'astro:middleware';
import { jsonError } from '@/lib/server/http/errors';
import { isApiPath } from '@/middleware/api-errors';

export const MALFORMED_QUERY = 'La dirección trae caracteres no válidos.';

/**
 * A query no browser sends on its own: a NUL in a parameter (PostgreSQL cannot take it in text,
 * and a route reading the parameter would pass it on) is a 400 before any route runs.
 */
export const rejectMalformed = defineMiddleware((context, next) => {
  if (![...context.url.searchParams].some(([key, value]) => `${key}${value}`.includes('\u0000')))
    return next();
  if (isApiPath(context.url.pathname)) return jsonError(400, MALFORMED_QUERY);
  return new Response(MALFORMED_QUERY, {
    status: 400,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
});
