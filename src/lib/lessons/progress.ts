/**
 * The progress rules and how times read, without zod: the lesson player imports this file, so it
 * stays out of the player's download.
 */

/** A lesson counts as seen once this share of it was watched. */
export const COMPLETE_AT = 0.9;

export function reachesCompletion(positionSeconds: number, durationSeconds: number): boolean {
  return positionSeconds >= COMPLETE_AT * durationSeconds;
}

export interface LessonProgress {
  position_seconds: number;
  completed: boolean;
  updated_at: string;
}

/** Where the player starts: where the person left it, or the beginning once the lesson was finished. */
export function resumeAt(
  progress: Pick<LessonProgress, 'position_seconds' | 'completed'> | undefined,
): number {
  if (!progress || progress.completed) return 0;
  return progress.position_seconds;
}

/** "3:05" for 185 seconds (a position in a video). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** "33 s", "1 min", "2 min 5 s": how long a lesson is. */
export function durationLabel(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(s / 60);
  const rest = s % 60;
  if (minutes === 0) return `${rest} s`;
  return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
}
