import { useEffect, useState, type SubmitEvent } from 'react';
import { bootstrapAuth, register } from '@/lib/accounts/auth.client';
import { PASSWORD_MIN, registerSchema } from '@/lib/accounts/schemas';
import { firstName } from '@/lib/accounts/user';
import { EmailField, PasswordField, SubmitButton, TextField, useSessionState } from '@/islands/ui/fields';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';
import { OrGoogle } from '@/islands/accounts/GoogleButton';
import { useAccountSubmit } from '@/islands/accounts/useAccountSubmit';

/** /registrate: name, email, password (or Google). On success the guard resumes where the person was going. */
function RegisterForm({ googleEnabled }: { googleEnabled: boolean }) {
  const [fullName, setFullName] = useSessionState('register:name', '');
  const [email, setEmail] = useSessionState('register:email', '');
  const [password, setPassword] = useState('');
  const { errors, busy, submit } = useAccountSubmit({
    schema: registerSchema,
    action: register,
    sessionKeys: ['register:name', 'register:email'],
    success: (user) => ({ title: `¡Te damos la bienvenida, ${firstName(user)}!`, description: 'Tu cuenta quedó creada.' }),
    failureTitle: 'No pudimos crear tu cuenta',
    fallback: 'Registration failed',
  });

  useEffect(() => void bootstrapAuth(), []);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit({ full_name: fullName, email, password });
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
