/** The lesson files (the `lessons` content collection), in course order: module, then position. */
import { getCollection, render } from 'astro:content';
import { LESSON_MODULES, type LessonFrontmatter } from '@/lib/lessons/schemas';

const moduleOrder = new Map<string, number>(LESSON_MODULES.map((m, i) => [m.key, i]));

let cached: LessonFrontmatter[] | undefined;

/** Every lesson, read once (the collection is fixed at build). */
export async function allLessons(): Promise<LessonFrontmatter[]> {
  cached ??= (await getCollection('lessons'))
    .map((entry) => entry.data)
    .sort(
      (a, b) => moduleOrder.get(a.module)! - moduleOrder.get(b.module)! || a.position - b.position,
    );
  return cached;
}

/** One lesson with its written part (summary and key points) ready to render; null: no such lesson. */
export async function lessonWithContent(slug: string) {
  const entry = (await getCollection('lessons')).find((e) => e.data.slug === slug);
  if (!entry) return null;
  const { Content } = await render(entry);
  return { lesson: entry.data, Content };
}
