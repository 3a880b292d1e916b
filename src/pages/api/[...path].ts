import type { APIRoute } from 'astro';
import { jsonError } from '@/lib/server/http/errors';

/** Any `/api/…` path no endpoint answers: a JSON 404, never the HTML error page. */
export const ALL: APIRoute = ({ url }) => jsonError(404, `No existe el recurso ${url.pathname}.`);
