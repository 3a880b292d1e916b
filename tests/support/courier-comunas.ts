/**
 * The comunas as a courier's own list writes them: capitals without accents or ñ, and for the
 * comunas couriers know by another name, that name («SANTIAGO CENTRO», «PUERTO NATALES»,
 * «COIHAIQUE»), plus localities that are no comuna of ours. The local Shipit, Starken and
 * Chilexpress list these, so a client that matches official names exactly is caught.
 */
import { REGIONS } from '@/lib/chile/regions';

/** How couriers write a name: capitals, no accents, ñ as N. */
export const courierSpelling = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase();

/** Comunas these peers list under another name, as real couriers do. */
const RENAMED: Record<string, string> = {
  '13101': 'SANTIAGO CENTRO',
  '12401': 'PUERTO NATALES',
  '11101': 'COIHAIQUE',
  '05703': 'LLAY LLAY',
};

/** Places a courier lists that are not comunas (towns inside one). */
const LOCALITIES = ['LO VALLEDOR', 'CHAMIZA', 'LAS CRUCES'];

export interface CourierComuna {
  /** Our official code, for the peer's own bookkeeping: never sent. */
  code: string | null;
  name: string;
  region: string;
}

export function courierComunas(): CourierComuna[] {
  const comunas = REGIONS.flatMap((r) =>
    r.comunas.map((c) => ({
      code: c.code,
      name: RENAMED[c.code] ?? courierSpelling(c.name),
      region: r.code,
    })),
  );
  return [...comunas, ...LOCALITIES.map((name) => ({ code: null, name, region: '13' }))];
}
