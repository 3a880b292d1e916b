/**
 * The dashboard's path as its island reads it (`JourneyCard`): the next step, and what the step
 * can do in place: record a tax start's day, test a connected payment provider, open the next
 * lesson. Pure: built on the server from the dashboard's one statement, and answered again by
 * `GET /api/users/me/journey/` after each action so the island moves on without a reload.
 */
import type { LessonFrontmatter } from '@/lib/lessons/schemas';
import type { LessonProgress } from '@/lib/lessons/progress';
import type { NextStep } from '@/lib/journey/next-step';
import type { ProviderState } from '@/lib/shop/payment-methods';
import type { Stage } from '@/lib/journey/stages';

/** The next lesson not watched to the end, in course order. */
export interface NextLesson {
  title: string;
  summary: string;
  minutes: number;
  href: string;
}

export interface JourneyView {
  next: NextStep;
  /** The stages done (`stagesDone`): the card ticks these, whatever the next step is. */
  done: Stage[];
  /** The card providers connected (none: the card offers to connect one once the shop sells). */
  providers: ProviderState[];
  /** Whether the shop has a published product, so getting paid is near. */
  selling: boolean;
  lesson: NextLesson | null;
}

/** The first lesson, in course order, not completed; null when all are. */
export function nextLessonOf(
  lessons: LessonFrontmatter[],
  progress: Record<number, Pick<LessonProgress, 'completed'>>,
  pathOf: (slug: string) => string,
): NextLesson | null {
  const lesson = lessons.find((l) => !progress[l.id]?.completed);
  if (!lesson) return null;
  return {
    title: lesson.title,
    summary: lesson.summary,
    minutes: Math.max(1, Math.round(lesson.duration / 60)),
    href: pathOf(lesson.slug),
  };
}
