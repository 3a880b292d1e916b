import { useEffect, useState, type SubmitEvent } from 'react';
import { bootstrapAuth, register } from '@/lib/accounts/auth.client';
import { PASSWORD_MIN } from '@/lib/accounts/password-rules';
import { firstName } from '@/lib/accounts/user';
import {
  EmailField,
  FormAlert,
  PasswordField,
  SubmitButton,
  TextField,
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
  /**
   * A post that the server refused (the form works without JavaScript): its message, field errors
   * and what was sent.
   */
  failure?: FormFailure & { email: string; fullName: string };
}

const FORM = 'register';

/**
 * /registrate: name, email, password (or Google). A plain POST to /registrate before hydration;
 * after it, inline validation and no reload. On success the guard resumes where the person was going.
 */
function RegisterForm({ googleEnabled, failure, action }: Props) {
  const [fullName, setFullName] = useSessionState(
    'register:name',
    typedBeforeHydration(FORM, 'full_name') || failure?.fullName || '',
  );
  const [email, setEmail] = useSessionState(
    'register:email',
    typedBeforeHydration(FORM, 'email') || failure?.email || '',
  );
  const [password, setPassword] = useState(() => typedBeforeHydration(FORM, 'password'));
  const { errors, busy, submit, prepare, alert } = useAccountSubmit({
    schema: () => import('@/lib/accounts/schemas').then((m) => m.registerSchema),
    action: register,
    sessionKeys: ['register:name', 'register:email'],
    success: (user) => ({
      title: `¡Te damos la bienvenida, ${firstName(user)}!`,
      description: 'Tu cuenta quedó creada.',
    }),
    failureTitle: 'No pudimos crear tu cuenta',
    fallback: 'Registration failed',
    failure,
  });

  useEffect(() => void bootstrapAuth(), []);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit({ full_name: fullName, email, password });
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
          hint={
            `Al menos ${PASSWORD_MIN} caracteres. ` +
            'Una frase que recuerdes es más segura que una palabra con símbolos.'
          }
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
