/**
 * The SII's economic-activity codes (CIIU4.CL 2012) and a search by words or code that
 * ignores accents and case. The list is loaded on demand (it is ~120 KB).
 */

export interface Activity {
  code: string;
  description: string;
  section: string;
  group: string;
  /** SII "Afecto a IVA": SI, NO or G. */
  iva: string;
  /** SII tax category: 1 (primera), 2 (segunda: independent professionals), G. */
  category: string;
  /** Can be declared in the online inicio de actividades. */
  online: boolean;
}

export type ActivityRow = [string, string, string, string, string, string, number];

export function toActivities(rows: ActivityRow[]): Activity[] {
  return rows.map(([code, description, section, group, iva, category, online]) => ({
    code,
    description,
    section,
    group,
    iva,
    category,
    online: online === 1,
  }));
}

/** Loads the list (a separate chunk in the browser). */
export async function loadActivities(): Promise<Activity[]> {
  const { default: rows } = await import('@/lib/chile/activities.json');
  return toActivities(rows as ActivityRow[]);
}

/** Lower case, no accents, single spaces. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** True when a company (SpA, EIRL, Ltda) may declare it: first category, not professionals' second. */
export function isForCompanies(activity: Activity): boolean {
  return activity.category !== '2';
}

export interface SearchIndex {
  activities: Activity[];
  folded: string[];
}

export function buildIndex(activities: Activity[]): SearchIndex {
  return {
    activities,
    folded: activities.map((a) => fold(`${a.code} ${a.description} ${a.group}`)),
  };
}

/**
 * Activities matching every word of `query` (accents and case ignored), or whose code
 * starts with the digits typed. Code matches first, then matches in the description.
 */
export function searchActivities(index: SearchIndex, query: string, limit = 20): Activity[] {
  const q = fold(query);
  if (!q) return [];
  const digits = q.replace(/\D/g, '');
  if (digits && digits === q.replace(/\s/g, '')) {
    return index.activities.filter((a) => a.code.startsWith(digits)).slice(0, limit);
  }
  const words = q.split(' ');
  const scored: { a: Activity; score: number }[] = [];
  index.folded.forEach((text, i) => {
    if (!words.every((w) => text.includes(w))) return;
    const a = index.activities[i]!;
    const desc = fold(a.description);
    const score =
      (desc.startsWith(words[0]!) ? 0 : 2) + (words.every((w) => desc.includes(w)) ? 0 : 1);
    scored.push({ a, score });
  });
  return scored
    .sort((x, y) => x.score - y.score || x.a.code.localeCompare(y.a.code))
    .slice(0, limit)
    .map((s) => s.a);
}

/** "Elaboración de productos de panadería" from the SII's upper-case description. */
export function sentenceCase(description: string): string {
  const lower = description.toLocaleLowerCase('es-CL');
  return lower.charAt(0).toLocaleUpperCase('es-CL') + lower.slice(1);
}
