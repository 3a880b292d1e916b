import { useEffect, useState, type SubmitEvent } from 'react';
import { bootstrapAuth, register } from '../../lib/auth/client';
import { firstErrors, PASSWORD_MIN, registerSchema } from '../../lib/auth/schemas';
import { toast, toastError } from '../../lib/stores/toast';
import { clearSessionState, EmailField, PasswordField, SubmitButton, TextField, useSessionState } from '../ui/fields';
import { withIslandBoundary } from '../ui/IslandBoundary';
import { OrGoogle } from './GoogleButton';

/** /registrate: name, email, password (or Google). On success the guard resumes where the person was going. */
function RegisterForm({ googleEnabled }: { googleEnabled: boolean }) {
  const [fullName, setFullName] = useSessionState('register:name', '');
  const [email, setEmail] = useSessionState('register:email', '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => void bootstrapAuth(), []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = registerSchema.safeParse({ full_name: fullName, email, password });
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const user = await register(parsed.data);
      clearSessionState('register:name', 'register:email');
      toast({ title: `¡Te damos la bienvenida, ${user.full_name.split(' ')[0]}!`, description: 'Tu cuenta quedó creada.' });
      window.location.assign('/dashboard');
    } catch (error) {
      toastError(error instanceof Error ? error.message : 'Registration failed', 'No pudimos crear tu cuenta');
      setBusy(false);
    }
  }

  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="Nombre completo"
          name="full_name"
          autoComplete="name"
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
          error={errors.full_name}
        />
        <EmailField value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
        <PasswordField
          label="Contraseña"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          hint={`Al menos ${PASSWORD_MIN} caracteres. Una frase que recuerdes es más segura que una palabra con símbolos.`}
        />
        <SubmitButton busy={busy} busyText="Creando tu cuenta…">
          Crear mi cuenta
        </SubmitButton>
      </form>
      <OrGoogle enabled={googleEnabled} />
    </div>
  );
}

export default withIslandBoundary(RegisterForm);
