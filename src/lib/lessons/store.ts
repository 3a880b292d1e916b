/**
 * The lesson store of docs/spec.md §3: what is persisted, and the lessons derived from it. Pure, so the
 * rules (the next lesson is none on the last) are tested without a browser.
 */

export interface LessonRef {
  id: number;
  slug: string;
}

export interface LessonStoreState {
  selectedLessonId: number | null;
  lessonsData: LessonRef[];
  loading: boolean;
  error: string | null;
  /** Where lesson media comes from (`LESSONS_MEDIA_URL`), as the page gave it. */
  lessonsConfig: { mediaBase: string | null };
  /** Whether the lessons were shown once on this device (the first lesson page opened). */
  initialPageShowed: boolean;
}

export const EMPTY_LESSON_STORE: LessonStoreState = {
  selectedLessonId: null,
  lessonsData: [],
  loading: false,
  error: null,
  lessonsConfig: { mediaBase: null },
  initialPageShowed: false,
};

/** The current lesson (the selected one), the first, and the next after the selected one (none on the last). */
export function deriveLessons(state: Pick<LessonStoreState, 'selectedLessonId' | 'lessonsData'>): {
  current: LessonRef | undefined;
  first: LessonRef | undefined;
  next: LessonRef | undefined;
} {
  const list = state.lessonsData;
  const index = list.findIndex((l) => l.id === state.selectedLessonId);
  return {
    current: index >= 0 ? list[index] : undefined,
    first: list[0],
    next: index >= 0 ? list[index + 1] : undefined,
  };
}
