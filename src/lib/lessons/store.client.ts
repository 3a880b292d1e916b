/**
 * The lesson store (docs/spec.md §3), persisted in localStorage; `current`, `first` and `next` are
 * computed from it.
 */
import { computed } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { deriveLessons, EMPTY_LESSON_STORE, type LessonStoreState } from '@/lib/lessons/store';

export const LESSON_STORE_KEY = 'impulsa:lessons';

export const $lessonStore = persistentAtom<LessonStoreState>(LESSON_STORE_KEY, EMPTY_LESSON_STORE, {
  encode: JSON.stringify,
  decode: (raw) => {
    try {
      return { ...EMPTY_LESSON_STORE, ...(JSON.parse(raw) as Partial<LessonStoreState>) };
    } catch {
      return EMPTY_LESSON_STORE;
    }
  },
});

export const $lessons = computed($lessonStore, deriveLessons);

/** Records the lesson on screen (and the course's order), as the lesson page loads. */
export function selectLesson(
  id: number,
  lessonsData: LessonStoreState['lessonsData'],
  mediaBase: string | null,
): void {
  $lessonStore.set({
    ...$lessonStore.get(),
    selectedLessonId: id,
    lessonsData,
    lessonsConfig: { mediaBase },
    loading: false,
    error: null,
  });
}

/** The lessons were shown once on this device (set when the first lesson page opens). */
export function markInitialPageShown(): void {
  if (!$lessonStore.get().initialPageShowed)
    $lessonStore.set({ ...$lessonStore.get(), initialPageShowed: true });
}
