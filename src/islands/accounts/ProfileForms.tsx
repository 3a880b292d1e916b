import { useEffect, useState, type SubmitEvent } from 'react';
import { api, serverFieldErrors, serverMessage } from '@/lib/api';
import { bootstrapAuth } from '@/lib/accounts/auth.client';
import { PASSWORD_MIN } from '@/lib/accounts/password-rules';
import { changePasswordSchema, profileSchema } from '@/lib/accounts/schemas';
import { firstErrors } from '@/lib/forms';
import { $authSession, setSession } from '@/lib/accounts/store.client';
import { toast, toastError } from '@/lib/toast/store.client';
import type { PublicUser } from '@/lib/accounts/user';
import { PasswordField, SubmitButton, TextField, typedBeforeHydration } from '@/islands/ui/fields';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';

const firstOf = (errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v[0] ?? '']));

/** /perfil: change the name and the password. */
function ProfileForms({ user }: { user: PublicUser }) {
  // Text typed before hydration is adopted.
  const [name, setName] = useState(
    () => typedBeforeHydration('profile', 'full_name') || user.full_name,
  );
  const [nameError, setNameError] = useState<string>();
  const [savingName, setSavingName] = useState(false);
  const [current, setCurrent] = useState(() =>
    typedBeforeHydration('change-password', 'current_password'),
  );
  const [next, setNext] = useState(() => typedBeforeHydration('change-password', 'new_password'));
  const [pwErrors, setPwErrors] = useState<Record<string, string>>({});
  const [savingPw, setSavingPw] = useState(false);

  useEffect(() => void bootstrapAuth(), []);

  async function saveName(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = profileSchema.safeParse({ full_name: name });
    if (!parsed.success) return setNameError(firstErrors(parsed.error).full_name);
    setNameError(undefined);
    setSavingName(true);
    try {
      const updated = await api<PublicUser>('/api/users/me/', {
        method: 'PATCH',
        body: parsed.data,
      });
      const { token } = $authSession.get();
      if (token) setSession(token, updated);
      setName(updated.full_name);
      toast({ title: 'Nombre actualizado', description: 'Tus datos quedaron guardados.' });
    } catch (error) {
      setNameError(serverFieldErrors(error).full_name?.[0]);
      toastError(serverMessage(error) ?? 'No pudimos guardar tu nombre.');
    } finally {
      setSavingName(false);
    }
  }

  async function savePassword(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = changePasswordSchema.safeParse({
      current_password: current,
      new_password: next,
    });
    if (!parsed.success) return setPwErrors(firstErrors(parsed.error));
    setPwErrors({});
    setSavingPw(true);
    try {
      await api('/api/users/me/change-password/', { method: 'POST', body: parsed.data });
      setCurrent('');
      setNext('');
      toast({ title: 'Contraseña actualizada', description: 'Úsala la próxima vez que ingreses.' });
    } catch (error) {
      setPwErrors(firstOf(serverFieldErrors(error)));
      toastError(serverMessage(error) ?? 'No pudimos cambiar tu contraseña.');
    } finally {
      setSavingPw(false);
    }
  }

  return (
    <div className="space-y-6">
      <form name="profile" onSubmit={saveName} noValidate className="card space-y-4 p-6">
        <h2 className="text-lg font-semibold">Tus datos</h2>
        <TextField
          label="Nombre completo"
          name="full_name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={nameError}
        />
        <TextField
          label="Correo electrónico"
          name="email"
          type="email"
          value={user.email}
          readOnly
          disabled
          hint="Es el correo con el que ingresas; no se puede cambiar aquí."
        />
        <SubmitButton busy={savingName} busyText="Guardando…" className="btn-primary">
          Guardar nombre
        </SubmitButton>
      </form>

      <form
        name="change-password"
        onSubmit={savePassword}
        noValidate
        className="card space-y-4 p-6"
      >
        <h2 className="text-lg font-semibold">Cambiar contraseña</h2>
        <PasswordField
          label="Contraseña actual"
          name="current_password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={pwErrors.current_password}
        />
        <PasswordField
          label="Nueva contraseña"
          name="new_password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          error={pwErrors.new_password}
          hint={`Al menos ${PASSWORD_MIN} caracteres.`}
        />
        <SubmitButton busy={savingPw} busyText="Guardando…" className="btn-primary">
          Cambiar contraseña
        </SubmitButton>
      </form>
    </div>
  );
}

export default withIslandBoundary(ProfileForms);
