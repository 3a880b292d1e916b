import { useEffect, useState, type SubmitEvent } from 'react';
import { bootstrapAuth, login } from '../../lib/auth/client';
import { firstErrors, loginSchema } from '../../lib/auth/schemas';
import { toast, toastError } from '../../lib/stores/toast';
import { clearSessionState, EmailField, PasswordField, SubmitButton, useSessionState } from '../ui/fields';
import { withIslandBoundary } from '../ui/IslandBoundary';
import { OrGoogle } from './GoogleButton';

/** /login: email and password, or Google. On success the guard takes the person where they were going. */
function LoginForm({ googleEnabled }: { googleEnabled: boolean }) {
  const [email, setEmail] = useSessionState('login:email', '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => void bootstrapAuth(), []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginSchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const user = await login(parsed.data);
      clearSessionState('login:email');
      toast({ title: `¡Hola de nuevo, ${user.full_name.split(' ')[0]}!` });
      window.location.assign('/dashboard');
    } catch (error) {
      toastError(error instanceof Error ? error.message : 'Login failed', 'No pudimos iniciar tu sesión');
      setBusy(false);
    }
  }

  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <EmailField value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
        <PasswordField
          label="Contraseña"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <div className="flex justify-end">
          <a href="/login/forgot-password" className="text-sm font-medium text-brand-700 hover:text-brand-800">
            ¿Olvidaste tu contraseña?
          </a>
        </div>
        <SubmitButton busy={busy} busyText="Ingresando…">
          Ingresar
        </SubmitButton>
      </form>
      <OrGoogle enabled={googleEnabled} />
    </div>
  );
}

export default withIslandBoundary(LoginForm);
