/** Reading and writing JSON bodies with per-route size caps (docs/design.md §6). */
import type { z } from '@/lib/zod';
import { HttpError } from '@/lib/server/http/errors';

/** Largest body each kind of route reads, in bytes. */
export const BODY_LIMITS = {
  json: 1_000_000,
  auth: 100_000,
  upload: 10 * 1024 * 1024,
} as const;

const TOO_LARGE = 'El contenido enviado es demasiado grande.';

/**
 * The body's bytes, never holding more than `limit`: a declared `Content-Length` over the cap
 * is refused before reading, a chunked body as soon as it passes it (413).
 */
export async function readCapped(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > limit) throw new HttpError(413, TOO_LARGE);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new HttpError(413, TOO_LARGE);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Reads a JSON body of at most `limit` bytes (see `readCapped`). */
export async function readJson(
  request: Request,
  limit: number = BODY_LIMITS.json,
): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > limit) throw new HttpError(413, TOO_LARGE);
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new HttpError(
      415,
      'El contenido debe enviarse como JSON (Content-Type: application/json).',
    );
  }
  if (!request.body) throw new HttpError(400, 'Falta el cuerpo JSON de la solicitud.');
  const body = await readCapped(request, limit);
  const text = new TextDecoder().decode(body);
  if (!text.trim()) throw new HttpError(400, 'Falta el cuerpo JSON de la solicitud.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'El cuerpo de la solicitud no es JSON válido.');
  }
  return cleanJson(parsed);
}

/** Deepest nesting a body may have (drafts are a few levels deep). */
export const MAX_JSON_DEPTH = 32;

/**
 * Input hygiene for every JSON body, in one place: NUL characters (which PostgreSQL cannot
 * store) are removed from every key and string; a lone surrogate (not well-formed Unicode) or
 * nesting deeper than `MAX_JSON_DEPTH` is a 400 with a Spanish message.
 */
export function cleanJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return cleanString(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_JSON_DEPTH)
    throw new HttpError(400, 'El contenido enviado tiene demasiados niveles anidados.');
  if (Array.isArray(value)) return value.map((item) => cleanJson(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value))
    out[cleanString(key)] = cleanJson(item, depth + 1);
  return out;
}

function cleanString(value: string): string {
  if (!value.isWellFormed())
    throw new HttpError(400, 'El texto enviado tiene caracteres no válidos.');
  return value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
}

/** Reads and validates a JSON body with `schema`; a failure is a 400 with field errors. */
export async function readBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  limit?: number,
): Promise<z.output<S>> {
  return schema.parse(await readJson(request, limit));
}

/** A JSON response. */
export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  return new Response(JSON.stringify(data), { ...init, headers });
}

/** For `export const ALL`: a JSON 405 naming the methods the route answers. */
export function methodNotAllowed(...allowed: string[]) {
  return () =>
    new Response(JSON.stringify({ message: 'Método no permitido para este recurso.' }), {
      status: 405,
      headers: { 'Content-Type': 'application/json; charset=utf-8', Allow: allowed.join(', ') },
    });
}
