/** The SII's activity list held in memory on the server, to check and name chosen codes. */
import rows from '@/lib/chile/activities.json';
import {
  sentenceCase,
  toActivities,
  type Activity,
  type ActivityRow,
} from '@/lib/chile/activities';

const BY_CODE = new Map(toActivities(rows as ActivityRow[]).map((a) => [a.code, a]));

/** The activity with this code, if the official list has it. */
export function activityByCode(code: string): Activity | undefined {
  return BY_CODE.get(code);
}

/** "107100" → "Elaboración de productos de panadería". */
export function activityName(code: string): string | undefined {
  const activity = BY_CODE.get(code);
  return activity && sentenceCase(activity.description);
}
