import { defineMiddleware } from 'astro:middleware';
import { errorResponse, jsonError } from '@/lib/server/http/errors';
import { BODY_LIMITS } from '@/lib/server/http/json';

/** The status of the answer to a request whose visitor left before it (nginx's 499): never sent. */
export const CLIENT_LEFT = 499;

/** True for paths served as JSON. */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * For `/api/**`: refuses declared bodies over the JSON cap before any route reads them,
 * and turns whatever a route throws into the JSON error shape of docs/design.md §4.
 * Pages are left to Astro, which renders `500.astro`.
 */
export const apiErrors = defineMiddleware(async (context, next) => {
  if (!isApiPath(context.url.pathname)) return next();
  const declared = Number(context.request.headers.get('content-length') ?? 0);
  if (declared > BODY_LIMITS.upload)
    return jsonError(413, 'El contenido enviado es demasiado grande.');
  try {
    return await next();
  } catch (error) {
    // The visitor left (their connection closed): reading the body failed with Node's ECONNRESET,
    // which is no database outage and no fault of ours. Nobody will read this answer.
    if (context.request.signal.aborted) return new Response(null, { status: CLIENT_LEFT });
    return errorResponse(error, { path: context.url.pathname });
  }
});
