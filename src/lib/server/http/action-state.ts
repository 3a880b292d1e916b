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
import { actionFailure } from '@/lib/action-failure';
import { formFields } from '@/lib/server/http/form-fields';
import { HttpError } from '@/lib/server/http/errors';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Astro's own bound for any action
type AnyAction = ActionClient<any, 'form', any>;
type Data<A extends AnyAction> = NonNullable<ActionReturnType<A>['data']>;

export type ActionState<A extends AnyAction> =
  | null
  | { ok: true; value: Data<A> }
  | { ok: false; failure: FormFailure; fields: Record<string, string> };

export async function actionState<A extends AnyAction>(
  page: AstroGlobal,
  action: A,
): Promise<ActionState<A>> {
  const result = page.getActionResult(action);
  if (!result) return null;
  if (!result.error) return { ok: true, value: result.data as Data<A> };
  const { error } = result;
  if (error.status >= 500) throw new HttpError(error.status, error.message);
  const failure = actionFailure(error);
  // Astro rebuilds every input error as a 400: the page answers the refusal's own status.
  if (isInputError(error)) page.response.status = failure.status;
  return { ok: false, failure, fields: await typedFields(page.request) };
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
