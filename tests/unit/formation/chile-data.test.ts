import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildActivities, buildRegions } from '../../../scripts/build-reference-data.mjs';
import activitiesJson from '@/lib/chile/activities.json';
import regionsJson from '@/lib/chile/regions.json';
import {
  buildIndex,
  fold,
  isForCompanies,
  searchActivities,
  sentenceCase,
  toActivities,
} from '@/lib/chile/activities';
import {
  comunasOf,
  isComunaInRegion,
  REGIONS,
  regionByName,
  regionLabel,
} from '@/lib/chile/regions';

describe('regions and comunas (SUBDERE CUT 2018)', () => {
  it('the committed JSON is exactly what the copied CSV builds', () => {
    expect(regionsJson).toEqual(
      buildRegions(fs.readFileSync('src/data/chile/cut_comuna.csv', 'utf8')),
    );
  });

  it('16 regions, 346 comunas with distinct codes and names, north to south', () => {
    expect(REGIONS).toHaveLength(16);
    const comunas = REGIONS.flatMap((r) => r.comunas);
    expect(comunas).toHaveLength(346);
    expect(new Set(comunas.map((c) => c.code)).size).toBe(346);
    expect(new Set(comunas.map((c) => c.name)).size).toBe(346);
    expect(REGIONS[0]!.name).toBe('Arica y Parinacota');
    expect(REGIONS.at(-1)!.code).toBe('12');
    const counts = Object.fromEntries(REGIONS.map((r) => [r.code, r.comunas.length]));
    expect(counts).toMatchObject({ '13': 52, '05': 38, '15': 4, '16': 21, '11': 10 });
  });

  it('checks that a comuna belongs to its region', () => {
    expect(isComunaInRegion('Providencia', 'Metropolitana de Santiago')).toBe(true);
    expect(isComunaInRegion('Providencia', 'Valparaíso')).toBe(false);
    expect(isComunaInRegion('Los Ángeles', 'Biobío')).toBe(true);
    expect(comunasOf('No existe')).toEqual([]);
    expect(regionLabel(regionByName('Metropolitana de Santiago')!)).toBe(
      'Región Metropolitana de Santiago',
    );
    // The official names: "del" Maule, Biobío and Libertador…; "de" the others.
    expect(regionLabel(regionByName('Maule')!)).toBe('Región del Maule');
    expect(regionLabel(regionByName('Biobío')!)).toBe('Región del Biobío');
    expect(regionLabel(regionByName("Libertador General Bernardo O'Higgins")!)).toBe(
      "Región del Libertador General Bernardo O'Higgins",
    );
    expect(regionLabel(regionByName('Ñuble')!)).toBe('Región de Ñuble');
    expect(regionLabel(regionByName('La Araucanía')!)).toBe('Región de La Araucanía');
  });
});

describe('SII activity codes', () => {
  const activities = toActivities(activitiesJson as never);
  const index = buildIndex(activities);

  it('the committed JSON is exactly what the copied source builds: 674 distinct 6-digit codes', () => {
    expect(activitiesJson).toEqual(
      buildActivities(
        JSON.parse(fs.readFileSync('src/data/chile/sii_actividades_economicas.json', 'utf8')),
      ),
    );
    expect(activities).toHaveLength(674);
    expect(new Set(activities.map((a) => a.code)).size).toBe(674);
    expect(activities.every((a) => /^\d{6}$/.test(a.code))).toBe(true);
  });

  it('finds by words, ignoring accents and case', () => {
    const results = searchActivities(index, 'PANADERIA');
    expect(results.map((a) => a.code)).toContain('107100');
    expect(searchActivities(index, 'programación informática').map((a) => a.code)).toContain(
      '620100',
    );
    expect(searchActivities(index, 'programacion   INFORMATICA')).toEqual(
      searchActivities(index, 'programación informática'),
    );
  });

  it('finds by code prefix', () => {
    expect(searchActivities(index, '6201').every((a) => a.code.startsWith('6201'))).toBe(true);
    expect(searchActivities(index, '011101').map((a) => a.code)).toEqual(['011101']);
    expect(searchActivities(index, '')).toEqual([]);
  });

  it('flags second-category codes as not for companies', () => {
    const notary = activities.find((a) => a.code === '691002')!;
    expect(isForCompanies(notary)).toBe(false);
    expect(isForCompanies(activities.find((a) => a.code === '620100')!)).toBe(true);
  });

  it('formats descriptions', () => {
    expect(fold('  Ñandú  ÁRBOL ')).toBe('nandu arbol');
    expect(sentenceCase('ELABORACIÓN DE PRODUCTOS DE PANADERÍA')).toBe(
      'Elaboración de productos de panadería',
    );
  });
});
