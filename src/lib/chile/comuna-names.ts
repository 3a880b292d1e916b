/**
 * A comuna as couriers write it, back to its official code (CUT). Couriers list comunas in their
 * own spelling: capitals without accents or ñ (Shipit's `NUNOA`), and for a few comunas an older
 * or longer name («SANTIAGO CENTRO», «PUERTO NATALES», «COIHAIQUE»). Matching the official names
 * exactly fails without a word, so names are compared by `comunaKey`, and the spellings that differ
 * by more than accents are listed once here (a checked-in table, tested against the 346 comunas).
 */
import { comunaByCode, REGIONS } from '@/lib/chile/regions';

/**
 * A comuna's name as couriers compare it: capitals, no accents, ñ as N, letters and digits only
 * (`Ñuñoa` → `NUNOA`, `Concepción` → `CONCEPCION`, `San Pedro de la Paz` → `SANPEDRODELAPAZ`).
 * Spaces, apostrophes, dots and hyphens aside: «O'Higgins», «O HIGGINS» and «OHIGGINS» are one.
 */
export function comunaKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

/**
 * Names couriers use for a comuna besides its official one (SUBDERE CUT 2018), by official code:
 * the old name of a renamed comuna, its main town's name, or another transliteration.
 */
export const COMUNA_ALIASES: Readonly<Record<string, readonly string[]>> = {
  '04105': ['Paihuano'],
  '05201': ['Rapa Nui'],
  '05502': ['La Calera'],
  '05703': ['Llay Llay'],
  '06117': ['San Vicente de Tagua Tagua', 'San Vicente T.T.'],
  '06204': ['Marchigue'],
  '11101': ['Coihaique'],
  '11201': ['Aisén', 'Puerto Aysén', 'Puerto Aisén'],
  '12201': ['Cabo de Hornos (Ex-Navarino)', 'Navarino', 'Puerto Williams'],
  '12401': ['Puerto Natales'],
  '13101': ['Santiago Centro'],
  '16207': ['Treguaco'],
};

/** Every key a comuna answers to, official names first: an official name beats an alias. */
const byKey = (() => {
  const map = new Map<string, string>();
  for (const comuna of REGIONS.flatMap((r) => r.comunas))
    map.set(comunaKey(comuna.name), comuna.code);
  for (const [code, names] of Object.entries(COMUNA_ALIASES))
    for (const name of names) if (!map.has(comunaKey(name))) map.set(comunaKey(name), code);
  return map;
})();

/** The official code of a comuna as a courier names it; undefined: no comuna of ours. */
export function comunaCodeByName(name: string): string | undefined {
  return byKey.get(comunaKey(name));
}

/**
 * A courier's list of places, by our official code: each row whose name is one of our comunas,
 * the official spelling first when the courier lists both («SANTIAGO» and «SANTIAGO CENTRO»).
 */
export function byComunaCode<T>(rows: readonly T[], nameOf: (row: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  const official = new Set<string>();
  for (const row of rows) {
    const name = nameOf(row);
    const code = comunaCodeByName(name);
    if (!code || official.has(code)) continue;
    const exact = comunaKey(comunaByCode(code)!.comuna.name) === comunaKey(name);
    if (exact) official.add(code);
    if (exact || !map.has(code)) map.set(code, row);
  }
  return map;
}
