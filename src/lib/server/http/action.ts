/**
 * Forms as Astro Actions (docs/design.md §1). The input is the feature's own zod schema, read from
 * the posted FormData the way the JSON API reads a body; a refusal by a service (an `HttpError`,
 * a `ZodError`) becomes the `ActionError` a page renders or an island shows. Astro runs a form's
 * action before the page and hands the page its result (`actionState`).
 */
import { ActionError, defineAction, type ActionAPIContext } from 'astro:actions';
import { parseId } from '@/lib/ids';
import { describeError, HttpError, type FieldErrors } from '@/lib/server/http/errors';
import { formFields } from '@/lib/server/http/form-fields';
import { requireUser } from '@/lib/server/http/auth';
import { log } from '@/lib/server/log';
import { z } from '@/lib/zod';

const ACTION_CODES: Record<number, ActionError['code']> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'CONTENT_TOO_LARGE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * The `ActionError` for anything a handler throws. Field errors travel as an input error (Astro
 * rebuilds one from `type` and `issues`), with the refusal's own sentence as the path-less issue.
 */
export function toActionError(error: unknown): ActionError {
  if (error instanceof ActionError) return error as ActionError;
  const described = describeError(error);
  if (described.status >= 500 && described.status !== 503)
    log.error('action failed', { status: described.status, error });
  const refused = new ActionError({
    code: ACTION_CODES[described.status] ?? 'INTERNAL_SERVER_ERROR',
    message: described.message,
  });
  if (!described.errors) return refused;
  return Object.assign(refused, {
    type: 'AstroActionInputError',
    issues: issuesOf(described.status, described.message, described.errors),
  });
}

/** The refusal's own status rides on its path-less issue: Astro rebuilds any input error as a 400. */
function issuesOf(status: number, message: string, errors: FieldErrors) {
  return [
    { code: 'custom', path: [], message, status },
    ...Object.entries(errors).flatMap(([field, messages]) =>
      messages.map((m) => ({ code: 'custom', path: [field], message: m })),
    ),
  ];
}

/**
 * A row's id in a hidden field is no person's typing: one that is not a number is `notFound`'s
 * 404, as the API answers an id that is not the person's.
 */
export const rowIdField = (notFound: string) =>
  z.string().transform((raw) => {
    const id = parseId(raw);
    if (id === null) throw new HttpError(404, notFound);
    return id;
  });

/**
 * A form's action: `schema` parses the posted fields (`extra` adds fields only the form has, such
 * as its one-time key), and `handler` runs the feature's service. A signed-out post is a 401
 * before anything is read, unless the form is `public` (a buyer's).
 */
export function formAction<S extends z.ZodType, E extends z.ZodRawShape, T>(
  schema: S,
  extra: E,
  handler: (
    input: z.output<S> & z.output<z.ZodObject<E>>,
    context: ActionAPIContext,
  ) => T | Promise<T>,
  options: { public?: boolean } = {},
) {
  const form = z.object(extra);
  // The form's own fields are read apart: a schema that keeps unknown keys never sees them.
  const parse = (data: FormData) => {
    const fields = formFields(data);
    const own = form.parse(fields);
    const rest = Object.fromEntries(Object.entries(fields).filter(([key]) => !(key in extra)));
    return { ...(schema.parse(rest) as object), ...own };
  };
  return defineAction({
    accept: 'form',
    handler: async (data: FormData, context) => {
      try {
        if (!options.public) requireUser(context.locals);
        return await handler(parse(data) as never, context);
      } catch (error) {
        throw toActionError(error);
      }
    },
  });
}
