/** A lesson marked seen without the player (docs/spec.md §3 lessons): the no-JavaScript way. */
import { formAction } from '@/lib/server/http/action';
import { requireUser } from '@/lib/server/http/auth';
import { HttpError } from '@/lib/server/http/errors';
import { getDb } from '@/lib/server/db/client';
import { allLessons } from '@/lib/lessons/catalogue.server';
import { saveProgress } from '@/lib/lessons/lessons.server';
import { lessonPath } from '@/lib/lessons/urls';
import { z } from '@/lib/zod';

export const lessons = {
  markSeen: formAction(z.object({ lesson: z.string() }), {}, async ({ lesson: slug }, context) => {
    const list = await allLessons();
    const lesson = list.find((l) => l.slug === slug);
    if (!lesson) throw new HttpError(404, 'No encontramos esa lección.');
    await saveProgress(await getDb(), requireUser(context.locals).id, list, lesson.id, {
      position_seconds: lesson.duration,
      completed: true,
    });
    return {
      title: 'Lección marcada como vista',
      description: lesson.title,
      to: lessonPath(lesson.slug),
    };
  }),
};
