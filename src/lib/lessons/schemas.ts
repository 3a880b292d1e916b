/**
 * Lessons: the modules they are grouped in, the frontmatter every lesson file must have (the
 * content collection validates it at build), and what a progress update may say. Pure; the
 * progress rules themselves are in `progress.ts` (no zod, for the player).
 */
import { z } from '@/lib/zod';

/** The course's modules, in journey order. */
export const LESSON_MODULES = [
  {
    key: 'idea',
    title: 'Tu idea',
    description: 'Valida lo que quieres vender y ordénalo en tu canvas.',
  },
  {
    key: 'empresa',
    title: 'Tu empresa',
    description: 'Elige la forma de tu empresa y ponla en regla con el SII.',
  },
  {
    key: 'vender',
    title: 'Vender',
    description: 'Precios con IVA y tus primeras ventas por WhatsApp y Webpay.',
  },
  {
    key: 'sitio',
    title: 'Tu sitio web',
    description: 'Un sitio simple que explique qué vendes y cómo comprarlo.',
  },
] as const;
export type LessonModuleKey = (typeof LESSON_MODULES)[number]['key'];
const MODULE_KEYS = LESSON_MODULES.map((m) => m.key) as [LessonModuleKey, ...LessonModuleKey[]];

const mediaPath = z
  .string()
  .regex(/^\/[A-Za-z0-9/_.-]+$/, 'Una ruta del sitio, como /lessons/mi-leccion.mp4.');

/** A lesson file's frontmatter (`src/content/lessons/*.md`). */
export const lessonFrontmatterSchema = z.object({
  /** Stable: progress is kept under it, so a renamed slug keeps everyone's progress. */
  id: z.number().int().positive(),
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  title: z.string().min(1).max(120),
  summary: z.string().min(1).max(300),
  module: z.enum(MODULE_KEYS),
  position: z.number().int().positive(),
  /** Seconds (set by scripts/make-lesson-videos.mjs). */
  duration: z.number().int().positive(),
  video: z.object({ src: mediaPath, type: z.enum(['video/mp4', 'application/x-mpegURL']) }),
  captions: z
    .array(
      z.object({ src: mediaPath, srclang: z.string().min(2).max(8), label: z.string().min(1) }),
    )
    .min(1),
  poster: mediaPath,
});
export type LessonFrontmatter = z.infer<typeof lessonFrontmatterSchema>;

/** `PUT /api/users/me/progress/lessons/{id}/`: the lesson's duration bounds the position (checked by the service). */
export const progressPutSchema = z.object({
  position_seconds: z
    .number({ error: 'La posición debe ser un número de segundos.' })
    .finite('La posición debe ser un número de segundos.')
    .min(0, 'La posición no puede ser negativa.')
    .max(86_400, 'La posición es mayor que la lección.'),
  completed: z.boolean({ error: 'completed debe ser verdadero o falso.' }).optional(),
});
