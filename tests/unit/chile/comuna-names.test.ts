/**
 * Comunas as couriers name them (`chile/comuna-names.ts`): every one of the 346 keys to itself,
 * the checked-in aliases reach the comuna they name and never another, and a courier's list read
 * through them maps every comuna (the local couriers' lists, written as real ones are).
 */
import { describe, expect, it } from 'vitest';
import {
  byComunaCode,
  COMUNA_ALIASES,
  comunaCodeByName,
  comunaKey,
} from '@/lib/chile/comuna-names';
import { comunaByCode, REGIONS } from '@/lib/chile/regions';
import { courierComunas } from '../../support/courier-comunas';

const comunas = REGIONS.flatMap((r) => r.comunas);

describe('comunaKey', () => {
  it('gives each of the 346 comunas a key of its own, as couriers spell them', () => {
    expect(comunas).toHaveLength(346);
    expect(new Set(comunas.map((c) => comunaKey(c.name))).size).toBe(346);
    expect(comunaKey('Ñuñoa')).toBe(comunaKey('NUNOA'));
    expect(comunaKey('Concepción')).toBe(comunaKey('CONCEPCION'));
    expect(comunaKey("O'Higgins")).toBe(comunaKey('O HIGGINS'));
    expect(comunaKey('Alto Biobío')).toBe(comunaKey('ALTO BIO-BIO'));
  });
});

describe('comunaCodeByName', () => {
  it('finds every comuna by its official name, with or without accents', () => {
    for (const c of comunas) {
      expect(comunaCodeByName(c.name)).toBe(c.code);
      expect(comunaCodeByName(c.name.toUpperCase().normalize('NFD'))).toBe(c.code);
    }
  });

  it('finds a comuna by each of its aliases, and an alias never names another comuna', () => {
    for (const [code, names] of Object.entries(COMUNA_ALIASES)) {
      expect(comunaByCode(code), `alias for unknown code ${code}`).toBeDefined();
      for (const name of names) {
        expect(comunaCodeByName(name)).toBe(code);
        const clash = comunas.find((c) => c.code !== code && comunaKey(c.name) === comunaKey(name));
        expect(clash, `${name} is also ${clash?.name}`).toBeUndefined();
      }
    }
    expect(comunaCodeByName('SANTIAGO CENTRO')).toBe('13101');
    expect(comunaCodeByName('Puerto Natales')).toBe('12401');
  });

  it('leaves a place that is no comuna unmapped', () => {
    expect(comunaCodeByName('LO VALLEDOR')).toBeUndefined();
    expect(comunaCodeByName('')).toBeUndefined();
  });
});

describe('byComunaCode', () => {
  it('maps every comuna of a courier’s list, renamed ones included', () => {
    const rows = courierComunas();
    const mapped = byComunaCode(rows, (r) => r.name);
    const missing = comunas.filter((c) => !mapped.has(c.code)).map((c) => c.name);
    expect(missing).toEqual([]);
    for (const [code, row] of mapped) expect(row.code).toBe(code);
  });

  it('prefers the official spelling when a courier lists both', () => {
    const rows = [{ name: 'SANTIAGO CENTRO' }, { name: 'SANTIAGO' }, { name: 'SANTIAGO CENTRO' }];
    expect(byComunaCode(rows, (r) => r.name).get('13101')).toBe(rows[1]);
  });
});
