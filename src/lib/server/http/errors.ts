/**
 * HTTP errors and their JSON form (docs/design.md §4):
 * `{"message": "<frase en español>", "errors": {"field": ["…"]}}`, never a stack trace.
 */
import { z } from '@/lib/zod';
import { isConnectionError } from '@/lib/server/db/errors';
import { log } from '@/lib/server/log';

/** Field name → messages, as sent in `errors`. */
export type FieldErrors = Record<string, string[]>;

/** An error whose status and Spanish message may be shown to the person. */
export class HttpError extends Error {
  readonly status: number;
  readonly errors?: FieldErrors;
  readonly headers?: Record<string, string>;
  /** More fields for the JSON body (e.g. the stored copy with a 409). */
  readonly body?: Record<string, unknown>;
  constructor(
    status: number,
    message: string,
    options: {
      errors?: FieldErrors;
      headers?: Record<string, string>;
      body?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.errors = options.errors;
    this.headers = options.headers;
    this.body = options.body;
  }
}

/** A JSON error response. */
export function jsonError(
  status: number,
  message: string,
  options: {
    errors?: FieldErrors;
    headers?: Record<string, string>;
    body?: Record<string, unknown>;
  } = {},
): Response {
  const body = { ...options.body, message, ...(options.errors ? { errors: options.errors } : {}) };
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...options.headers,
    },
  });
}

/** Field errors of a zod failure, keyed by dotted path (`partnersInfo.0.runRut`). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/**
 * The node adapter's own cap on a body (astro.config.mjs, `bodySizeLimit`) fails the read of a
 * chunked body past it with this message, wherever the route reads it.
 */
export function isBodyTooLarge(error: unknown): boolean {
  for (
    let e = error as { message?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    i++
  ) {
    if (typeof e.message === 'string' && e.message.startsWith('Body size limit exceeded'))
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** The status and public message of any thrown value. */
export function describeError(error: unknown): {
  status: number;
  message: string;
  errors?: FieldErrors;
  headers?: Record<string, string>;
  body?: Record<string, unknown>;
} {
  if (error instanceof HttpError)
    return {
      status: error.status,
      message: error.message,
      errors: error.errors,
      headers: error.headers,
      body: error.body,
    };
  if (isBodyTooLarge(error))
    return { status: 413, message: 'El contenido enviado es demasiado grande.' };
  if (error instanceof z.ZodError)
    return { status: 400, message: 'Revisa los datos enviados.', errors: fieldErrors(error) };
  if (isConnectionError(error)) {
    return {
      status: 503,
      message:
        'La base de datos no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
      headers: { 'Retry-After': '5' },
    };
  }
  return { status: 500, message: 'Ocurrió un error inesperado en el servidor.' };
}

/** Turns any thrown value into a JSON response; unexpected errors are logged, not shown. */
export function errorResponse(error: unknown, context: { path?: string } = {}): Response {
  const described = describeError(error);
  if (described.status >= 500)
    log.error('request failed', { ...context, status: described.status, error });
  return jsonError(described.status, described.message, described);
}

/** For pages: what `load` returns, or null when it answered 404 (the page then renders its 404). */
export async function nullIfNotFound<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}
