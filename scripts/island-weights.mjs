// What each island costs a browser: its chunk, every chunk it imports statically (Preact and its
// React compatibility layer among them) and Astro's client renderer for it, gzipped.
// Dynamic imports load only on demand (the editor's Puck, hls.js) and are counted apart.
// Used by `npm run bench`, which prints them against the budget (and `scriptWeight` for page scripts).
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** gzip KB allowed per island, its UI runtime included (issue 14). The page editor is excepted: it is Puck. */
export const ISLAND_BUDGET_KB = 90;
export const BUDGET_EXCEPTIONS = new Set(['SiteEditor']);

const STATIC_IMPORT = /(?:from\s*|import\s*)["']\.\/([^"']+\.js)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g;

/** Every chunk `entry` loads before it runs (static imports, transitively). */
function closure(dir, entries) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file) || !fs.existsSync(path.join(dir, file))) return;
    seen.add(file);
    for (const m of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(STATIC_IMPORT)) visit(m[1]);
  };
  entries.forEach(visit);
  return seen;
}

/** gzip bytes of a file of the build's `_astro` folder, each file compressed once. */
function gzipSizes(dir) {
  const gz = new Map();
  return (file) => {
    if (!gz.has(file)) gz.set(file, gzipSync(fs.readFileSync(path.join(dir, file))).length);
    return gz.get(file);
  };
}

/**
 * A page script's weight (no UI runtime: it loads none): the first chunk of `_astro` matching
 * `entryPattern` and every chunk it imports statically, gzipped; null when there is none.
 */
export function scriptWeight(root, entryPattern) {
  const dir = path.join(root, 'dist/client/_astro');
  const entry = fs.readdirSync(dir).find((f) => entryPattern.test(f));
  if (!entry) return null;
  const loaded = closure(dir, [entry]);
  const size = gzipSizes(dir);
  return { entry, files: loaded.size, kb: [...loaded].reduce((sum, f) => sum + size(f), 0) / 1024 };
}

/**
 * The islands of `src/islands/**` found in `dist/client/_astro`, each with its gzip weight in KB
 * (`kb`: what hydrating it downloads, the runtime included) and what it may fetch later (`lazyKb`).
 */
export function islandWeights(root) {
  const dir = path.join(root, 'dist/client/_astro');
  const files = fs.readdirSync(dir);
  const size = gzipSizes(dir);
  // Astro's client renderer for the islands (its StaticHtml writes astro-static-slot).
  const renderer = files.find((f) => /^client\.[\w-]+\.js$/.test(f) && fs.readFileSync(path.join(dir, f), 'utf8').includes('astro-static-slot'));
  // An island is a module of src/islands whose default export is a component pages mount.
  const islandsDir = path.join(root, 'src/islands');
  const names = fs
    .readdirSync(islandsDir, { recursive: true })
    .filter((f) => f.endsWith('.tsx') && /^export default /m.test(fs.readFileSync(path.join(islandsDir, f), 'utf8')))
    .map((f) => path.basename(f, '.tsx'));
  return names
    .flatMap((name) => {
      const entry = files.find((f) => f.startsWith(`${name}.`) && f.endsWith('.js'));
      if (!entry) return [];
      const loaded = closure(dir, [entry, ...(renderer ? [renderer] : [])]);
      const lazy = new Set();
      for (const file of loaded) for (const m of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(DYNAMIC_IMPORT)) if (!loaded.has(m[1])) lazy.add(m[1]);
      const lazyAll = [...closure(dir, [...lazy])].filter((f) => !loaded.has(f));
      const kb = [...loaded].reduce((sum, f) => sum + size(f), 0) / 1024;
      const lazyKb = lazyAll.reduce((sum, f) => sum + size(f), 0) / 1024;
      return [{ name, entry, files: loaded.size, kb, lazyKb, budgetKb: BUDGET_EXCEPTIONS.has(name) ? null : ISLAND_BUDGET_KB }];
    })
    .sort((a, b) => b.kb - a.kb);
}
