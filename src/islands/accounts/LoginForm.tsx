import { useEffect, useState, type SubmitEvent } from 'react';
import { bootstrapAuth, login } from '@/lib/accounts/auth.client';
import { loginSchema } from '@/lib/accounts/schemas';
import { firstName } from '@/lib/accounts/user';
import { EmailField, PasswordField, SubmitButton, useSessionState } from '@/islands/ui/fields';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';
import { OrGoogle } from '@/islands/accounts/GoogleButton';
import { useAccountSubmit } from '@/islands/accounts/useAccountSubmit';

/** /login: email and password, or Google. On success the guard takes the person where they were going. */
function LoginForm({ googleEnabled }: { googleEnabled: boolean }) {
  const [email, setEmail] = useSessionState('login:email', '');
  const [password, setPassword] = useState('');
  const { errors, busy, submit } = useAccountSubmit({
    schema: loginSchema,
    action: login,
    sessionKeys: ['login:email'],
    success: (user) => ({ title: `¡Hola de nuevo, ${firstName(user)}!` }),
    failureTitle: 'No pudimos iniciar tu sesión',
    fallback: 'Login failed',
  });

  useEffect(() => void bootstrapAuth(), []);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit({ email, password });
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
