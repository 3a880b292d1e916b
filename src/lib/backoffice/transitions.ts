/**
 * The back office's status machine for a sent company: enviado → en revisión → observada (the
 * user corrects and it is reviewed again) → en firma → constituida, or rechazada with a reason.
 * One zod schema for a move, shared by the back office's form and its API. Pure.
 */
import { z } from '@/lib/zod';
import { chileDay } from '@/lib/dates';
import { MAX_ID } from '@/lib/ids';
import { isValidRut, formatRut } from '@/lib/rut';
import type { CompanyStatus } from '@/lib/formation/status';
import { CORRECTABLE_FIELDS } from '@/lib/formation/corrections';

/** The moves the staff may make from each status; the last two statuses are final. */
export const NEXT_STATUSES: Record<CompanyStatus, CompanyStatus[]> = {
  enviado: ['en-revision', 'rechazada'],
  'en-revision': ['observado', 'en-notaria', 'rechazada'],
  observado: ['en-revision', 'rechazada'],
  'en-notaria': ['constituida', 'observado'],
  constituida: [],
  rechazada: [],
};

/** How each move reads on its button. */
export const MOVE_LABELS: Record<CompanyStatus, string> = {
  enviado: 'Marcar como enviada',
  'en-revision': 'Tomar en revisión',
  observado: 'Observar',
  'en-notaria': 'Pasar a firma',
  constituida: 'Marcar constituida',
  rechazada: 'Rechazar',
};

export const NOTE_MAX = 2000;

const text = (message: string, max: number) =>
  z.string({ error: message }).trim().max(max, message);

export const moveSchema = z
  .object({
    status: z.enum(Object.keys(NEXT_STATUSES) as [CompanyStatus, ...CompanyStatus[]], {
      error: 'Ese estado no existe.',
    }),
    note: text(`La nota puede tener como máximo ${NOTE_MAX} caracteres.`, NOTE_MAX).default(''),
    /** For an observation: the fields to correct (check boxes post them joined by commas). */
    fields: z
      .preprocess(
        (v) =>
          typeof v === 'string'
            ? v
                .split(',')
                .map((f) => f.trim())
                .filter(Boolean)
            : v,
        z
          .array(z.enum(CORRECTABLE_FIELDS, { error: 'Elige los campos de la lista.' }))
          .max(CORRECTABLE_FIELDS.length),
      )
      .default([]),
    rut: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    constituted_on: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    registry_reference: text('La referencia puede tener como máximo 80 caracteres.', 80).optional(),
    version: z.coerce
      .number({ error: 'Falta la versión de la solicitud.' })
      .int()
      .min(1)
      .max(MAX_ID),
  })
  .superRefine((move, ctx) => {
    const need = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (move.status === 'rechazada' && !move.note)
      need('note', 'Escribe el motivo del rechazo: se lo enviamos a la persona.');
    if (move.status === 'observado') {
      if (!move.note) need('note', 'Escribe qué hay que corregir: se lo enviamos a la persona.');
      if (move.fields.length === 0) need('fields', 'Nombra al menos un campo a corregir.');
    }
    if (move.status === 'constituida') {
      if (!move.rut || !isValidRut(move.rut))
        need('rut', 'Escribe el RUT de la empresa, por ejemplo 77.123.456-7.');
      if (!move.constituted_on || !/^\d{4}-\d{2}-\d{2}$/.test(move.constituted_on))
        need('constituted_on', 'Escribe la fecha de constitución como 2026-11-25.');
      // A company is constituted on a day that has come, in Chile (the company's own date).
      else if (move.constituted_on > chileDay(Date.now()))
        need('constituted_on', 'La fecha de constitución no puede ser futura.');
      if (!move.registry_reference)
        need('registry_reference', 'Escribe la referencia del Registro de Empresas y Sociedades.');
    }
  })
  .transform((move) => ({ ...move, rut: move.rut ? formatRut(move.rut) : undefined }));

export type CompanyMove = z.infer<typeof moveSchema>;

/** Whether `to` is a move the staff may make from `from`. */
export function canMove(from: string, to: CompanyStatus): boolean {
  return (NEXT_STATUSES[from as CompanyStatus] ?? []).includes(to);
}
