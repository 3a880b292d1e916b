/** Chile's 16 regions and 346 comunas (SUBDERE CUT 2018), north to south. */
import data from '@/lib/chile/regions.json';

export interface Comuna {
  code: string;
  name: string;
}
export interface Region {
  code: string;
  name: string;
  abbr: string;
  comunas: Comuna[];
}

export const REGIONS: readonly Region[] = data;

const byName = new Map(REGIONS.map((r) => [r.name, r]));

/** The region with this official name (e.g. `Metropolitana de Santiago`). */
export function regionByName(name: string): Region | undefined {
  return byName.get(name);
}

/** Official comuna names of a region, alphabetical; empty for an unknown region. */
export function comunasOf(regionName: string): string[] {
  return regionByName(regionName)?.comunas.map((c) => c.name) ?? [];
}

/** True when `comuna` is one of `region`'s comunas. */
export function isComunaInRegion(comuna: string, region: string): boolean {
  return comunasOf(region).includes(comuna);
}

/** Regions whose official name takes "del": Región del Maule, del Biobío, del Libertador…. */
const REGION_DEL = new Set(['06', '07', '08']);

/** A region's official name: "Región Metropolitana de Santiago", "Región del Maule". */
export function regionLabel(region: Region): string {
  if (region.code === '13') return 'Región Metropolitana de Santiago';
  return `Región ${REGION_DEL.has(region.code) ? 'del' : 'de'} ${region.name}`;
}

const comunaIndex = new Map(
  REGIONS.flatMap((region) => region.comunas.map((c) => [c.code, { comuna: c, region }] as const)),
);

/** The comuna with this official code (`13101`) and its region; undefined for an unknown code. */
export function comunaByCode(code: string): { comuna: Comuna; region: Region } | undefined {
  return comunaIndex.get(code);
}

/** The region with this official code (`13`). */
export function regionByCode(code: string): Region | undefined {
  return REGIONS.find((r) => r.code === code);
}
