import type { APIRoute } from 'astro';
import { allLessons } from '@/lib/lessons/catalogue.server';
import { lessonView } from '@/lib/lessons/lessons.server';
import { json, methodNotAllowed } from '@/lib/server/http/json';
import { paginate, pageParam } from '@/lib/server/http/pagination';

const PAGE_SIZE = 50;

/** `GET /api/lessons/?page=` → the course in order (DRF page shape). Lessons are public content. */
export const GET: APIRoute = async ({ url }) => {
  const page = pageParam(url);
  const lessons = (await allLessons()).map(lessonView);
  return json(
    paginate(
      url,
      page,
      lessons.length,
      lessons.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
      PAGE_SIZE,
    ),
  );
};

export const ALL = methodNotAllowed('GET');
