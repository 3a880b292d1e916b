/** The SII's activity list held in memory on the server, to check and name chosen codes. */
import { loadActivities, sentenceCase, type Activity } from '@/lib/chile/activities';

// Through the same loader as the browser: the list is one chunk, loaded when a module needs it.
const BY_CODE = new Map((await loadActivities()).map((a) => [a.code, a]));

/** The activity with this code, if the official list has it. */
export function activityByCode(code: string): Activity | undefined {
  return BY_CODE.get(code);
}

/** "107100" → "Elaboración de productos de panadería". */
export function activityName(code: string): string | undefined {
  const activity = BY_CODE.get(code);
  return activity && sentenceCase(activity.description);
}
