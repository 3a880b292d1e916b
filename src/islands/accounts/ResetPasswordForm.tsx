import { useState, type SubmitEvent } from 'react';
import { api, serverMessage } from '@/lib/api';
import { firstErrors, PASSWORD_MIN, resetPasswordSchema } from '@/lib/accounts/schemas';
import { clearSession } from '@/lib/accounts/store.client';
import { toast, toastError } from '@/lib/toast/store.client';
import { PasswordField, SubmitButton } from '@/islands/ui/fields';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';

/** /login/reset-password?token=…: a new password; then sign in again (no automatic sign-in). */
function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
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
      const res = await api<{ detail: string }>('/api/users/reset-password/', { method: 'POST', body: parsed.data });
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
        Este enlace está incompleto. <a className="font-semibold underline" href="/login/forgot-password">Pide uno nuevo</a>.
      </p>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
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
