/**
 * An action's refusal as a form shows it: the status, the Spanish sentence and the first message
 * per field. The same on the page that renders a no-JS post (`server/http/action-state.ts`) and in
 * an island that called the action itself (`useActionState`).
 */
import { isInputError, type ActionError } from 'astro:actions';
import type { FormFailure } from '@/lib/forms';

/** Refusals Astro makes before a handler runs, in English: said as the rest of the app says them. */
const ASTRO_REFUSALS: Partial<Record<string, string>> = {
  CONTENT_TOO_LARGE: 'El contenido enviado es demasiado grande.',
  UNSUPPORTED_MEDIA_TYPE: 'No pudimos leer el formulario enviado.',
};

export function actionFailure(error: ActionError): FormFailure {
  const errors: Record<string, string> = {};
  if (!isInputError(error))
    return { status: error.status, message: ASTRO_REFUSALS[error.code] ?? error.message, errors };
  // The refusal's own sentence and status ride on the path-less issue (`server/http/action.ts`).
  const whole = error.issues.find((i) => i.path.length === 0) as
    { message: string; status?: number } | undefined;
  for (const [field, messages] of Object.entries(error.fields))
    if (messages?.[0]) errors[field] = messages[0];
  // A nested field's own message too, under its path as the form names it (`buyer.name`).
  for (const issue of error.issues)
    if (issue.path.length > 1) errors[issue.path.join('.')] ??= issue.message;
  return {
    status: whole?.status ?? error.status,
    message: whole?.message ?? 'Revisa los datos enviados.',
    errors,
  };
}
