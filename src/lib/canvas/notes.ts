/** Canvas notes: schema (shared by editor and API), colours and segment links. */
import { z } from '@/lib/zod';
import { MAX_ID } from '@/lib/ids';
import type { SectionSlug } from '@/lib/canvas/sections';

/** Sticky-note colours; a segment's colour marks the notes linked to it (Strategyzer practice). */
export const NOTE_COLORS = ['amarillo', 'rosado', 'celeste', 'verde', 'lila', 'naranjo'] as const;
export type NoteColor = (typeof NOTE_COLORS)[number];

export const NOTE_COLOR_STYLES: Record<
  NoteColor,
  { label: string; bg: string; border: string; hex: string }
> = {
  amarillo: { label: 'Amarillo', bg: 'bg-[#fff6c2]', border: 'border-[#e8d66b]', hex: '#fff6c2' },
  rosado: { label: 'Rosado', bg: 'bg-[#ffe0ea]', border: 'border-[#f2a3bd]', hex: '#ffe0ea' },
  celeste: { label: 'Celeste', bg: 'bg-[#dcefff]', border: 'border-[#9cc9f0]', hex: '#dcefff' },
  verde: { label: 'Verde', bg: 'bg-[#dcf5e3]', border: 'border-[#96d4a8]', hex: '#dcf5e3' },
  lila: { label: 'Lila', bg: 'bg-[#ebe3ff]', border: 'border-[#bfaaf2]', hex: '#ebe3ff' },
  naranjo: { label: 'Naranjo', bg: 'bg-[#ffe6cc]', border: 'border-[#f2b77c]', hex: '#ffe6cc' },
};

export const NOTE_MAX_CHARS = 500;
export const NOTES_PER_SECTION = 50;

export const noteSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{6,40}$/, 'Identificador de nota inválido.'),
  text: z
    .string()
    .trim()
    .min(1, 'La nota no puede estar vacía.')
    .max(NOTE_MAX_CHARS, `Una nota puede tener como máximo ${NOTE_MAX_CHARS} caracteres.`),
  color: z.enum(NOTE_COLORS, { error: 'Color de nota inválido.' }),
  segmentIds: z.array(z.string().max(40)).max(20).default([]),
});
export type Note = z.infer<typeof noteSchema>;

export const notesSchema = z
  .array(noteSchema)
  .max(NOTES_PER_SECTION, `Como máximo ${NOTES_PER_SECTION} notas por bloque.`);

export const sectionUpdateSchema = z.object({
  notes: notesSchema,
  /** The version the edit started from. */
  version: z.number({ error: 'Falta la versión de la sección.' }).int().min(0).max(MAX_ID),
});

const canvasTitle = z
  .string({ error: 'Escribe el nombre de tu idea.' })
  .trim()
  .min(1, 'Escribe el nombre de tu idea.')
  .max(120, 'Máximo 120 caracteres.');
const canvasDescription = z.string().trim().max(280, 'Máximo 280 caracteres.');

export const canvasCreateSchema = z.object({
  title: canvasTitle,
  description: canvasDescription.default(''),
});
export const canvasRenameSchema = z
  .object({ title: canvasTitle.optional(), description: canvasDescription.optional() })
  .refine(
    (v) => v.title !== undefined || v.description !== undefined,
    'Indica el nuevo nombre o la nueva descripción.',
  );

export type Sections = Record<SectionSlug, { notes: Note[]; version: number }>;

/** A new note id (client side). */
export function newNoteId(): string {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The colour a note shows: its first linked segment's, else its own. */
export function displayColor(note: Note, segments: Note[]): NoteColor {
  const segment = segments.find((s) => note.segmentIds.includes(s.id));
  return segment?.color ?? note.color;
}

/** What changed between two versions of a section's notes (for the conflict dialog). */
export function diffNotes(
  mine: Note[],
  theirs: Note[],
): { added: Note[]; removed: Note[]; changed: { mine: Note; theirs: Note }[] } {
  const mineById = new Map(mine.map((n) => [n.id, n]));
  const theirsById = new Map(theirs.map((n) => [n.id, n]));
  return {
    added: theirs.filter((n) => !mineById.has(n.id)),
    removed: mine.filter((n) => !theirsById.has(n.id)),
    changed: mine.flatMap((n) => {
      const other = theirsById.get(n.id);
      return other &&
        (other.text !== n.text ||
          other.color !== n.color ||
          other.segmentIds.join() !== n.segmentIds.join())
        ? [{ mine: n, theirs: other }]
        : [];
    }),
  };
}
