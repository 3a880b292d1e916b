import { useRef, useState } from 'react';
import type { z } from '@/lib/zod';
import { toast, type ToastInput } from '@/lib/toast/store.client';
import type { PublicUser } from '@/lib/accounts/user';
import { firstErrors, type FormFailure } from '@/lib/forms';
import { clearSessionState } from '@/islands/ui/fields';

interface Options<S extends z.ZodType> {
  /**
   * The payload's schema, imported when the person starts on the form: zod is not part of the
   * page's first download.
   */
  schema: () => Promise<S>;
  /** Signs in or registers; throws with the message to show (server's, else the spec fallback). */
  action: (input: z.output<S>) => Promise<PublicUser>;
  /** `useSessionState` keys to forget once it worked. */
  sessionKeys: string[];
  success: (user: PublicUser) => ToastInput;
  failureTitle: string;
  fallback: string;
  /** The server's refusal of the same form posted before hydration: its field errors show first. */
  failure?: FormFailure;
}

/**
 * The sign-in and sign-up submit: inline Spanish errors first, then the call; on success a
 * toast and /dashboard (where the guard resumes the intended route), on failure the server's
 * message above the form (`alert`), where it stays until the next try, with everything typed
 * kept: a toast would vanish, and cover the heading on a phone.
 */
export function useAccountSubmit<S extends z.ZodType>({
  schema,
  action,
  sessionKeys,
  success,
  failureTitle,
  fallback,
  failure,
}: Options<S>) {
  const [errors, setErrors] = useState<Record<string, string>>(failure?.errors ?? {});
  const [busy, setBusy] = useState(false);
  /** The refusal to show above the form: the server's, from before hydration, until the next try. */
  const [alert, setAlert] = useState<string | null>(failure?.message ?? null);
  const loaded = useRef<Promise<S> | null>(null);
  /** The schema's import, started once; a failed one (offline) is tried again next time. */
  const loadSchema = () => {
    loaded.current ??= schema().catch((error: unknown) => {
      loaded.current = null;
      throw error;
    });
    return loaded.current;
  };

  async function submit(values: unknown) {
    let parsed;
    try {
      parsed = (await loadSchema()).safeParse(values);
    } catch {
      setAlert('Revisa tu conexión a internet e inténtalo de nuevo.');
      return;
    }
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error));
      return;
    }
    setErrors({});
    setAlert(null);
    setBusy(true);
    try {
      const user = await action(parsed.data);
      clearSessionState(...sessionKeys);
      toast(success(user));
      window.location.assign('/dashboard');
    } catch (error) {
      setAlert(error instanceof Error ? error.message : fallback);
      setBusy(false);
    }
  }

  /** Starts fetching the schema; give it to the form's `onFocus`. */
  const prepare = () => void loadSchema().catch(() => {});

  return { errors, busy, submit, prepare, alert: alert && { title: failureTitle, message: alert } };
}
