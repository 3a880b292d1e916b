import { useState, type SubmitEvent } from 'react';
import { api, serverMessage } from '@/lib/api';
import { requestResetSchema } from '@/lib/accounts/schemas';
import { firstErrors } from '@/lib/forms';
import { toastError } from '@/lib/toast/store.client';
import {
  EmailField,
  FormAlert,
  SubmitButton,
  typedBeforeHydration,
  useSessionState,
} from '@/islands/ui/fields';
import type { FormFailure } from '@/lib/forms';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';

interface Props {
  /** Where the form posts before hydration or without JavaScript: its page with its action. */
  action: string;
  /** The server already sent the link (the form was posted before hydration or without JavaScript). */
  sent?: string;
  failure?: FormFailure & { email: string };
}

const FORM = 'forgot';

/** /login/forgot-password: asks for a reset link; the answer is the same whether or not the account exists. */
function ForgotPasswordForm({ sent: sentByServer, failure, action }: Props) {
  const [email, setEmail] = useSessionState(
    'forgot:email',
    typedBeforeHydration(FORM, 'email') || failure?.email || '',
  );
  const [error, setError] = useState<string | undefined>(failure?.errors.email);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(sentByServer ?? null);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = requestResetSchema.safeParse({ email });
    if (!parsed.success) {
      setError(firstErrors(parsed.error).email);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const res = await api<{ detail: string }>('/api/users/request-password-reset/', {
        method: 'POST',
        body: parsed.data,
      });
      setSent(res.detail);
    } catch (err) {
      toastError(serverMessage(err) ?? 'No pudimos enviar el enlace. Inténtalo de nuevo.');
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div role="status" className="rounded-xl bg-success-50 p-4 text-success-700">
        <p className="font-semibold">Revisa tu correo</p>
        <p className="mt-1 text-sm">{sent}</p>
        <p className="mt-3 text-sm">
          <a href="/login" className="font-semibold underline">
            Volver a ingresar
          </a>
        </p>
      </div>
    );
  }

  return (
    <form
      name={FORM}
      method="post"
      action={action}
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
    >
      {failure && !failure.errors.email && (
        <FormAlert title="No pudimos enviar el enlace" message={failure.message} />
      )}
      <EmailField value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
      <SubmitButton busy={busy} busyText="Enviando…">
        Enviarme el enlace
      </SubmitButton>
    </form>
  );
}

export default withIslandBoundary(ForgotPasswordForm);
