// Builds the app's compact reference data from the copied sources in src/data/chile/.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = (p) => fileURLToPath(new URL(`../${p}`, import.meta.url));

/** North→south order of the region codes (the numeric order is not geographic). */
export const GEOGRAPHIC_ORDER = [
  '15',
  '01',
  '02',
  '03',
  '04',
  '05',
  '13',
  '06',
  '07',
  '16',
  '08',
  '09',
  '14',
  '10',
  '11',
  '12',
];

export function buildRegions(csv) {
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  const cols = header.split(';');
  const regions = new Map();
  for (const line of lines) {
    const row = Object.fromEntries(line.split(';').map((v, i) => [cols[i], v]));
    if (!regions.has(row.codigo_region)) {
      regions.set(row.codigo_region, {
        code: row.codigo_region,
        name: row.nombre_region,
        abbr: row.abreviatura_region,
        comunas: [],
      });
    }
    regions
      .get(row.codigo_region)
      .comunas.push({ code: row.codigo_comuna, name: row.nombre_comuna });
  }
  for (const r of regions.values()) r.comunas.sort((a, b) => a.name.localeCompare(b.name, 'es'));
  return GEOGRAPHIC_ORDER.map((code) => regions.get(code));
}

export function buildActivities(list) {
  // [code, description, section, group, afectoIva, categoria, online]
  return list.map((a) => [
    a.codigo,
    a.actividad,
    a.rubro,
    a.grupo,
    a.afectoIva,
    a.categoriaTributaria,
    a.internetDisponible ? 1 : 0,
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const regions = buildRegions(fs.readFileSync(dir('src/data/chile/cut_comuna.csv'), 'utf8'));
  const activities = buildActivities(
    JSON.parse(fs.readFileSync(dir('src/data/chile/sii_actividades_economicas.json'), 'utf8')),
  );
  fs.writeFileSync(dir('src/lib/chile/regions.json'), JSON.stringify(regions));
  fs.writeFileSync(dir('src/lib/chile/activities.json'), JSON.stringify(activities));
  const comunas = regions.reduce((n, r) => n + r.comunas.length, 0);
  console.log(`regions: ${regions.length}, comunas: ${comunas}, activities: ${activities.length}`);
}
