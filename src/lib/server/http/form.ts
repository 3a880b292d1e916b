/**
 * Forms posted by pages that work before (or without) JavaScript: the page reads the form,
 * runs the same feature code as the API, and either redirects or renders the errors in place.
 */
import type { FormFailure } from '@/lib/forms';
import { describeError, HttpError, type FieldErrors } from '@/lib/server/http/errors';
import { cleanJson } from '@/lib/server/http/json';

/** True for a browser's own form submission (as opposed to a script's JSON call). */
export function isFormPost(request: Request): boolean {
  const type = request.headers.get('content-type') ?? '';
  return request.method === 'POST' && (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data'));
}

/** Reads an `application/x-www-form-urlencoded` or multipart form of at most `limit` bytes into its text fields. */
async function readForm(request: Request, limit: number): Promise<Record<string, string>> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (!(declared <= limit)) throw new HttpError(413, 'El contenido enviado es demasiado grande.');
  let data: FormData;
  try {
    data = await request.formData();
  } catch {
    throw new HttpError(400, 'No pudimos leer el formulario enviado.');
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of data) if (typeof value === 'string') fields[key] = value;
  return cleanJson(fields) as Record<string, string>;
}

/** Runs a form's work; a refusal the person can fix (4xx) comes back to render, anything else is thrown. */
async function runForm<T>(work: () => Promise<T>): Promise<{ ok: true; value: T } | ({ ok: false } & FormFailure)> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    const described = describeError(error);
    if (described.status >= 500) throw error;
    return { ok: false, status: described.status, message: described.message, errors: firstOf(described.errors) };
  }
}

function firstOf(errors: FieldErrors | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(errors ?? {}).flatMap(([field, messages]) => (messages[0] ? [[field, messages[0]]] : [])));
}

/** A page's posted form: nothing on GET; on POST the work's value, or the refusal (the page's status set) and the fields sent. */
export async function postedForm<T>(
  page: { request: Request; response: ResponseInit },
  limit: number,
  work: (fields: Record<string, string>) => Promise<T>,
): Promise<null | { ok: true; value: T } | { ok: false; failure: FormFailure; fields: Record<string, string> }> {
  if (page.request.method !== 'POST') return null;
  const read = await runForm(() => readForm(page.request, limit));
  if (!read.ok) {
    page.response.status = read.status;
    return { ok: false, failure: read, fields: {} };
  }
  const result = await runForm(() => work(read.value));
  if (result.ok) return result;
  page.response.status = result.status;
  return { ok: false, failure: result, fields: read.value };
}
