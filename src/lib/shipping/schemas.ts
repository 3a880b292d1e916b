/** What a seller sends to connect a courier (`/despacho`, `PUT /api/store/shipping/{provider}/`). Pure. */
import { MAX_ID } from '@/lib/ids';
import { z } from '@/lib/zod';

const version = z.coerce
  .number({ error: 'Falta la versión.' })
  .int('Versión no válida.')
  .min(0, 'Versión no válida.')
  .max(MAX_ID, 'Versión no válida.');

/**
 * Shipit's pair, from «Configuración → API» in the seller's Shipit account: the account's e-mail
 * and its token. An empty `token` keeps the stored one (it is never sent back to be edited).
 */
export const shipitAccountSchema = z.object({
  email: z
    .string({ error: 'Escribe el correo de tu cuenta Shipit.' })
    .trim()
    .min(1, 'Escribe el correo de tu cuenta Shipit.')
    .max(254, 'El correo es demasiado largo.')
    .pipe(z.email('Escribe el correo con que entras a Shipit, por ejemplo tienda@correo.cl.'))
    .transform((v) => v.toLowerCase()),
  token: z
    .string({ error: 'El token debe ser texto.' })
    .trim()
    .max(200, 'El token puede tener como máximo 200 caracteres.')
    .refine((v) => !/\s/.test(v), 'El token no lleva espacios.')
    .optional()
    .default(''),
  version,
});
export type ShipitAccountInput = z.infer<typeof shipitAccountSchema>;

/** `DELETE …`: the account's version the disconnection is based on. */
export const shippingAccountRemoveSchema = z.object({ version });
