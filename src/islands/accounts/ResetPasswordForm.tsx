import { useState, type SubmitEvent } from 'react';
import { api, serverMessage } from '@/lib/api';
import { PASSWORD_MIN } from '@/lib/accounts/password-rules';
import { resetPasswordSchema } from '@/lib/accounts/schemas';
import { firstErrors } from '@/lib/forms';
import { clearSession } from '@/lib/accounts/store.client';
import { toast, toastError } from '@/lib/toast/store.client';
import { FormAlert, PasswordField, SubmitButton, typedBeforeHydration } from '@/islands/ui/fields';
import type { FormFailure } from '@/lib/forms';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';

interface Props {
  /** Where the form posts before hydration or without JavaScript: its page with its action. */
  action: string;
  token: string;
  /** A post that the server refused (the form works without JavaScript). */
  failure?: FormFailure;
}

const FORM = 'reset';

/** /login/reset-password?token=…: a new password; then sign in again (no automatic sign-in). */
function ResetPasswordForm({ token, failure, action }: Props) {
  const [password, setPassword] = useState(() => typedBeforeHydration(FORM, 'password'));
  const [confirm, setConfirm] = useState(() => typedBeforeHydration(FORM, 'confirm'));
  const [errors, setErrors] = useState<Record<string, string>>(failure?.errors ?? {});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ token, password });
    const next = parsed.success ? {} : firstErrors(parsed.error);
    if (!next.password && password !== confirm) next.confirm = 'Las contraseñas no coinciden.';
    setErrors(next);
    if (!parsed.success || next.confirm) return;
    setBusy(true);
    try {
      const res = await api<{ detail: string }>('/api/users/reset-password/', {
        method: 'POST',
        body: parsed.data,
      });
      clearSession();
      toast({ title: 'Contraseña cambiada', description: res.detail });
      window.location.assign('/login');
    } catch (error) {
      toastError(serverMessage(error) ?? 'No pudimos cambiar la contraseña. Inténtalo de nuevo.');
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <p role="alert" className="rounded-xl bg-danger-50 p-4 text-danger-700">
        Este enlace está incompleto.{' '}
        <a className="font-semibold underline" href="/login/forgot-password">
          Pide uno nuevo
        </a>
        .
      </p>
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
      {failure && <FormAlert title="No pudimos cambiar la contraseña" message={failure.message} />}
      <input type="hidden" name="token" value={token} />
      <PasswordField
        label="Nueva contraseña"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password ?? errors.token}
        hint={`Al menos ${PASSWORD_MIN} caracteres.`}
      />
      <PasswordField
        label="Repite la nueva contraseña"
        name="confirm"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm}
      />
      <SubmitButton busy={busy} busyText="Guardando…">
        Cambiar contraseña
      </SubmitButton>
    </form>
  );
}

export default withIslandBoundary(ResetPasswordForm);
