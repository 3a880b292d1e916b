import { useEffect, useState, type SubmitEvent } from 'react';
import { bootstrapAuth, login } from '@/lib/accounts/auth.client';
import { firstName } from '@/lib/accounts/user';
import {
  EmailField,
  FormAlert,
  PasswordField,
  SubmitButton,
  typedBeforeHydration,
  useSessionState,
} from '@/islands/ui/fields';
import type { FormFailure } from '@/lib/forms';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';
import { OrGoogle } from '@/islands/accounts/GoogleButton';
import { useAccountSubmit } from '@/islands/accounts/useAccountSubmit';

interface Props {
  /** Where the form posts before hydration or without JavaScript: its page with its action. */
  action: string;
  googleEnabled: boolean;
  /** A post that the server refused (the form works without JavaScript): its message, field errors and the email. */
  failure?: FormFailure & { email: string };
}

const FORM = 'login';

/**
 * /login: email and password, or Google. A plain POST to /login before hydration; after it,
 * inline validation and no reload. On success the guard takes the person where they were going.
 */
function LoginForm({ googleEnabled, failure, action }: Props) {
  const [email, setEmail] = useSessionState(
    'login:email',
    typedBeforeHydration(FORM, 'email') || failure?.email || '',
  );
  const [password, setPassword] = useState(() => typedBeforeHydration(FORM, 'password'));
  const { errors, busy, submit, prepare, alert } = useAccountSubmit({
    schema: () => import('@/lib/accounts/schemas').then((m) => m.loginSchema),
    action: login,
    sessionKeys: ['login:email'],
    success: (user) => ({ title: `¡Hola de nuevo, ${firstName(user)}!` }),
    failureTitle: 'No pudimos iniciar tu sesión',
    fallback: 'Login failed',
    failure,
  });

  useEffect(() => void bootstrapAuth(), []);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit({ email, password });
  }

  return (
    <div className="space-y-6">
      <form
        name={FORM}
        method="post"
        action={action}
        onSubmit={onSubmit}
        onFocus={prepare}
        noValidate
        className="space-y-4"
      >
        {alert && <FormAlert title={alert.title} message={alert.message} />}
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
          <a
            href="/login/forgot-password"
            className="text-sm font-medium text-brand-700 hover:text-brand-800"
          >
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
