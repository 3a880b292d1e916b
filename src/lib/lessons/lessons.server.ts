/**
 * Lessons as the API shows them (docs/design.md §7) and each person's progress in them. The lesson list
 * comes in as an argument (the content collection at run time, plain objects in tests).
 */
import { eq, sql } from 'drizzle-orm';
import type { ModuleProgress } from '@/lib/progress';
import { reachesCompletion, type LessonProgress } from '@/lib/lessons/progress';
import type { LessonFrontmatter } from '@/lib/lessons/schemas';
import { lessonsMediaUrl } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { lessonProgress } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';
import type { JsonPart } from '@/lib/server/db/queries';

export const LESSON_NOT_FOUND = 'Esa lección no existe.';

export interface LessonView {
  id: number;
  slug: string;
  title: string;
  summary: string;
  module: string;
  position: number;
  duration_seconds: number;
  poster_url: string;
  video: { src: string; type: string };
  captions: { src: string; srclang: string; label: string }[];
}

/** A media path on the CDN when `LESSONS_MEDIA_URL` is set, else as shipped. */
function media(path: string): string {
  const base = lessonsMediaUrl();
  return base ? base + path : path;
}

export function lessonView(lesson: LessonFrontmatter): LessonView {
  return {
    id: lesson.id,
    slug: lesson.slug,
    title: lesson.title,
    summary: lesson.summary,
    module: lesson.module,
    position: lesson.position,
    duration_seconds: lesson.duration,
    poster_url: media(lesson.poster),
    video: { src: media(lesson.video.src), type: lesson.video.type },
    captions: lesson.captions.map((c) => ({ ...c, src: media(c.src) })),
  };
}

type ProgressRow = Pick<
  typeof lessonProgress.$inferSelect,
  'lessonId' | 'positionTenths' | 'completed' | 'updatedAt'
>;

const toProgress = (row: ProgressRow): LessonProgress => ({
  position_seconds: row.positionTenths / 10,
  completed: row.completed,
  updated_at: row.updatedAt.toISOString(),
});

/** Progress rows by lesson id, keeping only lessons that still exist. */
function byLesson(
  rows: ProgressRow[],
  lessons: LessonFrontmatter[],
): Record<number, LessonProgress> {
  const ids = new Set(lessons.map((l) => l.id));
  return Object.fromEntries(
    rows.filter((r) => ids.has(r.lessonId)).map((r) => [r.lessonId, toProgress(r)]),
  );
}

/** A person's progress per lesson id (only lessons that still exist). */
export async function progressOf(
  db: Db,
  userId: number,
  lessons: LessonFrontmatter[],
): Promise<Record<number, LessonProgress>> {
  return byLesson(
    await db.select().from(lessonProgress).where(eq(lessonProgress.userId, userId)),
    lessons,
  );
}

/**
 * Saves where a person is in a lesson. A position past the lesson's end is refused; reaching 90 %
 * (or `completed: true`) marks it seen, and a seen lesson stays seen when it is watched again.
 */
export async function saveProgress(
  db: Db,
  userId: number,
  lessons: LessonFrontmatter[],
  lessonId: number,
  input: { position_seconds: number; completed?: boolean },
): Promise<LessonProgress> {
  const lesson = lessons.find((l) => l.id === lessonId);
  if (!lesson) throw new HttpError(404, LESSON_NOT_FOUND);
  if (input.position_seconds > lesson.duration + 1)
    throw new HttpError(400, 'La posición es mayor que la lección.', {
      errors: { position_seconds: [`La lección dura ${lesson.duration} segundos.`] },
    });
  const tenths = Math.round(Math.min(input.position_seconds, lesson.duration) * 10);
  const done =
    input.completed === true || reachesCompletion(input.position_seconds, lesson.duration);
  const [row] = await db
    .insert(lessonProgress)
    .values({ userId, lessonId, positionTenths: tenths, completed: done })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: {
        positionTenths: tenths,
        completed: input.completed === false ? false : sql`${lessonProgress.completed} or ${done}`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return toProgress(row!);
}

export interface LessonsSummary {
  completed: number;
  total: number;
  items: Record<number, LessonProgress>;
}

/**
 * The progress API's `lessons` part, `{completed, total, items: {<id>: {position_seconds, completed, updated_at}}}`,
 * as a part of the dashboard's one statement.
 */
export function lessonsSummaryPart(
  userId: number,
  lessons: LessonFrontmatter[],
): JsonPart<LessonsSummary> {
  const row = sql`json_build_object('lesson_id', ${lessonProgress.lessonId}, 'position_tenths',
    ${lessonProgress.positionTenths}, 'completed', ${lessonProgress.completed}, 'updated_at',
    ${lessonProgress.updatedAt})`;
  return {
    sql: sql`select coalesce(json_agg(${row}), '[]'::json) from ${lessonProgress} where
      ${lessonProgress.userId} = ${userId}`,
    read: (
      rows: {
        lesson_id: number;
        position_tenths: number;
        completed: boolean;
        updated_at: string;
      }[],
    ) => {
      const items = byLesson(
        rows.map((r) => ({
          lessonId: r.lesson_id,
          positionTenths: r.position_tenths,
          completed: r.completed,
          updatedAt: new Date(r.updated_at),
        })),
        lessons,
      );
      return {
        completed: Object.values(items).filter((p) => p.completed).length,
        total: lessons.length,
        items,
      };
    },
  };
}

/** The dashboard's "Lecciones" card, from the progress summary (no second query). */
export function lessonsModuleFrom({ completed, total, items }: LessonsSummary): ModuleProgress {
  const started = Object.keys(items).length > 0;
  if (!started)
    return {
      started: false,
      finished: false,
      detail: `${total} lecciones cortas. Siguiente paso: mira la primera.`,
    };
  return {
    started: true,
    finished: total > 0 && completed === total,
    detail: `${completed} de ${total} lecciones vistas`,
  };
}
