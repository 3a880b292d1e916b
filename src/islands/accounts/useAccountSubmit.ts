import { useState } from 'react';
import type { z } from 'astro/zod';
import { firstErrors } from '@/lib/accounts/schemas';
import { toast, toastError, type ToastInput } from '@/lib/toast/store.client';
import type { PublicUser } from '@/lib/accounts/user';
import type { FormFailure } from '@/lib/forms';
import { clearSessionState } from '@/islands/ui/fields';

interface Options<S extends z.ZodType> {
  schema: S;
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
 * message in a toast, with everything typed kept.
 */
export function useAccountSubmit<S extends z.ZodType>({ schema, action, sessionKeys, success, failureTitle, fallback, failure }: Options<S>) {
  const [errors, setErrors] = useState<Record<string, string>>(failure?.errors ?? {});
  const [busy, setBusy] = useState(false);

  async function submit(values: unknown) {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const user = await action(parsed.data);
      clearSessionState(...sessionKeys);
      toast(success(user));
      window.location.assign('/dashboard');
    } catch (error) {
      toastError(error instanceof Error ? error.message : fallback, failureTitle);
      setBusy(false);
    }
  }

  return { errors, busy, submit };
}
