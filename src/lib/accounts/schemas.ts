/** Account payloads (zod), shared by the forms and the endpoints. Messages in Spanish. */
import { z } from '@/lib/zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '@/lib/accounts/password-rules';

const chars = (s: string) => Array.from(s).length;

export const passwordSchema = z
  .string({ error: 'Escribe una contraseña.' })
  .refine(
    (s) => chars(s) >= PASSWORD_MIN,
    `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres.`,
  )
  .refine(
    (s) => chars(s) <= PASSWORD_MAX,
    `La contraseña puede tener como máximo ${PASSWORD_MAX} caracteres.`,
  );

export const emailSchema = z
  .string({ error: 'Escribe tu correo electrónico.' })
  .trim()
  .min(1, 'Escribe tu correo electrónico.')
  .max(254, 'El correo es demasiado largo.')
  .pipe(z.email('Escribe un correo válido, por ejemplo nombre@correo.cl.'))
  .transform((s) => s.toLowerCase());

export const fullNameSchema = z
  .string({ error: 'Escribe tu nombre.' })
  .trim()
  .min(2, 'Escribe tu nombre completo.')
  .max(120, 'El nombre puede tener como máximo 120 caracteres.');

export const registerSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  full_name: fullNameSchema,
});
export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Escribe tu contraseña.' })
    .min(1, 'Escribe tu contraseña.')
    .max(1024, 'La contraseña es demasiado larga.'),
});
export const requestResetSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({
  token: z
    .string({ error: 'Falta el código del enlace.' })
    .min(10, 'El enlace no es válido.')
    .max(200, 'El enlace no es válido.'),
  password: passwordSchema,
});
export const profileSchema = z.object({ full_name: fullNameSchema });
export const changePasswordSchema = z.object({
  current_password: z
    .string({ error: 'Escribe tu contraseña actual.' })
    .min(1, 'Escribe tu contraseña actual.')
    .max(1024),
  new_password: passwordSchema,
});
/** Deleting the account: the password, or for an account without one (Google) its e-mail. */
export const deleteAccountSchema = z.object({
  password: z.string().max(1024).optional(),
  email: z.string().max(320).optional(),
});

export type RegisterInput = z.infer<typeof registerSchema>;
export type LoginInput = z.infer<typeof loginSchema>;
