import type { APIRoute } from 'astro';
import { allLessons } from '@/lib/lessons/catalogue.server';
import { LESSON_NOT_FOUND, lessonView } from '@/lib/lessons/lessons.server';
import { HttpError } from '@/lib/server/http/errors';
import { json, methodNotAllowed } from '@/lib/server/http/json';

/** `GET /api/lessons/{slug}/` → one lesson. */
export const GET: APIRoute = async ({ params }) => {
  const lesson = (await allLessons()).find((l) => l.slug === params.slug);
  if (!lesson) throw new HttpError(404, LESSON_NOT_FOUND);
  return json(lessonView(lesson));
};

export const ALL = methodNotAllowed('GET');
