/**
 * A page's side of a form's action: nothing posted, what it made, or its refusal with the fields
 * as typed, so the page renders them again and nothing is lost. A 5xx is thrown instead, for the
 * error page (an outage answers 503, as a query does).
 */
import type { AstroGlobal } from 'astro';
import {
  ACTION_QUERY_PARAMS,
  isInputError,
  type ActionClient,
  type ActionReturnType,
} from 'astro:actions';
import type { FormFailure } from '@/lib/forms';
import { formFields } from '@/lib/server/http/form-fields';
import { HttpError } from '@/lib/server/http/errors';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Astro's own bound for any action
type AnyAction = ActionClient<any, 'form', any>;
type Data<A extends AnyAction> = NonNullable<ActionReturnType<A>['data']>;

export type ActionState<A extends AnyAction> =
  | null
  | { ok: true; value: Data<A> }
  | { ok: false; failure: FormFailure; fields: Record<string, string> };

/** Refusals Astro makes before a handler runs, in English: said as the rest of the app says them. */
const ASTRO_REFUSALS: Partial<Record<string, string>> = {
  CONTENT_TOO_LARGE: 'El contenido enviado es demasiado grande.',
  UNSUPPORTED_MEDIA_TYPE: 'No pudimos leer el formulario enviado.',
};

export async function actionState<A extends AnyAction>(
  page: AstroGlobal,
  action: A,
): Promise<ActionState<A>> {
  const result = page.getActionResult(action);
  if (!result) return null;
  if (!result.error) return { ok: true, value: result.data as Data<A> };
  const { error } = result;
  if (error.status >= 500) throw new HttpError(error.status, error.message);
  const errors: Record<string, string> = {};
  let message = ASTRO_REFUSALS[error.code] ?? error.message;
  let status = error.status;
  if (isInputError(error)) {
    const whole = error.issues.find((i) => i.path.length === 0) as
      { message: string; status?: number } | undefined;
    message = whole?.message ?? 'Revisa los datos enviados.';
    status = whole?.status ?? status;
    page.response.status = status;
    for (const [field, messages] of Object.entries(error.fields))
      if (messages?.[0]) errors[field] = messages[0];
    // A nested field's own message too, under its path as the form names it (`buyer.name`).
    for (const issue of error.issues)
      if (issue.path.length > 1) errors[issue.path.join('.')] ??= issue.message;
  }
  return {
    ok: false,
    failure: { status, message, errors },
    fields: await typedFields(page.request),
  };
}

/** What the person typed: the body is still whole, as Astro's action read a copy of it. */
async function typedFields(request: Request): Promise<Record<string, string>> {
  try {
    return formFields(await request.clone().formData());
  } catch {
    return {};
  }
}

/**
 * For a page with several forms: which of `of` ran (its key), and its state; null on a visit.
 * Their values share a type (each form of a page answers the same kind of outcome). List them:
 * `actions.feature` itself is a proxy with no keys to walk.
 */
export async function postedAction<K extends string, A extends AnyAction>(
  page: AstroGlobal,
  of: Record<K, A>,
): Promise<{ key: K; state: NonNullable<ActionState<A>> } | null> {
  if (Object.keys(of).length === 0) throw new Error('postedAction: list the page’s actions');
  for (const [key, action] of Object.entries(of) as [K, A][]) {
    const state = await actionState(page, action);
    if (state) return { key, state };
  }
  return null;
}

/** `path` (with its own query, a list's filters) posting to `action`, for a form's `action`. */
export function actionOn(path: string, action: AnyAction): string {
  const url = new URL(path, 'http://form.invalid');
  for (const [key, value] of new URLSearchParams(String(action))) url.searchParams.set(key, value);
  return url.pathname + url.search;
}

/** A page's query without the action that was posted to it: where to come back to. */
export function searchWithoutAction(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(ACTION_QUERY_PARAMS.actionName);
  return params.size ? `?${params}` : '';
}
