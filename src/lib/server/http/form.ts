/**
 * Forms posted by pages that work before (or without) JavaScript: the page reads the form,
 * runs the same feature code as the API, and either redirects or renders the errors in place.
 */
import type { FormFailure } from '@/lib/forms';
import {
  describeError,
  HttpError,
  isBodyTooLarge,
  type FieldErrors,
} from '@/lib/server/http/errors';
import { formFields } from '@/lib/server/http/form-fields';

/** True for a browser's own form submission (as opposed to a script's JSON call). */
export function isFormPost(request: Request): boolean {
  const type = request.headers.get('content-type') ?? '';
  return (
    request.method === 'POST' &&
    (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data'))
  );
}

/** A posted form: its text fields, and the files of multipart forms (empty file inputs left out). */
interface ReadForm {
  fields: Record<string, string>;
  files: Record<string, File[]>;
}

/** Reads an `application/x-www-form-urlencoded` or multipart form of at most `limit` bytes. */
async function readForm(request: Request, limit: number): Promise<ReadForm> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (!(declared <= limit)) throw new HttpError(413, 'El contenido enviado es demasiado grande.');
  let data: FormData;
  try {
    data = await request.formData();
  } catch (error) {
    if (isBodyTooLarge(error))
      throw new HttpError(413, 'El contenido enviado es demasiado grande.');
    throw new HttpError(400, 'No pudimos leer el formulario enviado.');
  }
  const files: Record<string, File[]> = {};
  for (const [key, value] of data)
    if (typeof value !== 'string' && value.size > 0) (files[key] ??= []).push(value);
  return { fields: formFields(data), files };
}

/** Runs a form's work; a refusal the person can fix (4xx) comes back to render, anything else is thrown. */
async function runForm<T>(
  work: () => Promise<T>,
): Promise<{ ok: true; value: T } | ({ ok: false } & FormFailure)> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    const described = describeError(error);
    if (described.status >= 500) throw error;
    return {
      ok: false,
      status: described.status,
      message: described.message,
      errors: firstOf(described.errors),
    };
  }
}

function firstOf(errors: FieldErrors | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors ?? {}).flatMap(([field, messages]) =>
      messages[0] ? [[field, messages[0]]] : [],
    ),
  );
}

/**
 * A page's posted form: nothing on GET; on POST the work's value, or the refusal (the page's
 * status set) and the fields sent, as `work` left them (it may record what it already stored).
 */
export async function postedForm<T>(
  page: { request: Request; response: ResponseInit },
  limit: number,
  work: (fields: Record<string, string>, files: Record<string, File[]>) => Promise<T>,
): Promise<
  | null
  | { ok: true; value: T }
  | { ok: false; failure: FormFailure; fields: Record<string, string> }
> {
  if (page.request.method !== 'POST') return null;
  // Read from a copy: a page that finds the thing is not the person's answers with
  // `Astro.rewrite('/404')`, which Astro refuses once the request's own body has been read.
  const read = await runForm(() => readForm(page.request.clone(), limit));
  if (!read.ok) {
    page.response.status = read.status;
    return { ok: false, failure: read, fields: {} };
  }
  const { fields, files } = read.value;
  const result = await runForm(() => work(fields, files));
  if (result.ok) return result;
  page.response.status = result.status;
  return { ok: false, failure: result, fields };
}
