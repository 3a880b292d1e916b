/** What the owner sends to invite or change a member (/equipo, `/api/store/members/`). Pure. */
import { MAX_ID } from '@/lib/ids';
import { PERMISSIONS, ROLES } from '@/lib/team/permissions';
import { z } from '@/lib/zod';

/** A list in JSON; a form's checkbox group arrives as its values joined by commas. */
const permissions = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
  z
    .array(z.enum(PERMISSIONS, { error: 'Ese permiso no existe.' }), {
      error: 'Elige los permisos.',
    })
    .max(PERMISSIONS.length)
    .optional()
    .default([]),
);

const role = z.enum(ROLES, { error: 'Elige un rol: Ventas y despacho, o Catálogo.' });

export const inviteSchema = z.object({
  email: z
    .string({ error: 'Escribe el correo de la persona.' })
    .trim()
    .min(1, 'Escribe el correo de la persona.')
    .max(254, 'El correo es demasiado largo.')
    .pipe(z.email('Escribe un correo válido, por ejemplo camila@correo.cl.'))
    .transform((v) => v.toLowerCase()),
  role,
  permissions,
});
export type InviteInput = z.infer<typeof inviteSchema>;

export const memberChangeSchema = z.object({
  role,
  permissions,
  version: z.coerce.number({ error: 'Falta la versión.' }).int().min(1).max(MAX_ID),
});
export type MemberChange = z.infer<typeof memberChangeSchema>;

/** Which shop a session works in: a shop's id (as its member), or empty for the person's own. */
export const switchSchema = z.object({
  shop: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? null : v),
    z.coerce.number({ error: 'Tienda no válida.' }).int().min(1).max(MAX_ID).nullable(),
  ),
});

export const joinSchema = z.object({
  token: z.string({ error: 'Falta la invitación.' }).trim().min(1, 'Falta la invitación.').max(200),
});
