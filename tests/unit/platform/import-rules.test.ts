/**
 * The house rule, read off the import graph: the feature decides the folder, the file's
 * suffix decides where its code runs (docs/design.md §3). Fails on an island reaching server code,
 * a pure file importing a `.server.ts` or `.client.ts`, a relative chain out of its folder,
 * a way into a folder around its `index.ts`, an import cycle, or a feature importing one above it
 * (the declared order is `tests/support/feature-direction.ts`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { directionBreaks, FEATURE_ORDER, type LibEdge } from '../../support/feature-direction';

const SRC = path.resolve('src');
const EXTENSIONS = ['', '.ts', '.tsx', '.astro', '.mjs', '/index.ts'];

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return walk(full);
    return /\.(ts|tsx|astro|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

interface Edge {
  /** The file it resolves to; null for a package or a path that does not exist. */
  to: string | null;
  /** The specifier as written. */
  spec: string;
  /** Erased at build time (`import type`), so it never runs. */
  typeOnly: boolean;
}

const IMPORT =
  /(?:^|[\s;{}(])(import|export)\s*(type\s+)?(?:[^'"`;]*?\sfrom\s*)?\(?\s*['"]([^'"\n]+)['"]/g;

/** Imports of a file; for `.astro`, its frontmatter and its `<script>` blocks (which run in the browser). */
function importsOf(file: string): { server: Edge[]; browser: Edge[] } {
  const text = fs.readFileSync(file, 'utf8');
  const parts = file.endsWith('.astro')
    ? {
        server: text.split(/^---$/m)[1] ?? '',
        browser: [...text.matchAll(/<script(?![^>]*is:inline)[^>]*>([\s\S]*?)<\/script>/g)]
          .map((m) => m[1])
          .join('\n'),
      }
    : { server: text, browser: '' };
  const edges = (code: string): Edge[] =>
    [...code.matchAll(IMPORT)].flatMap(([, , type, spec]) => {
      return [{ to: resolve(file, spec!), spec: spec!, typeOnly: Boolean(type) }];
    });
  return { server: edges(parts.server), browser: edges(parts.browser) };
}

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(SRC, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const ext of EXTENSIONS)
    if (fs.existsSync(base + ext) && fs.statSync(base + ext).isFile()) return base + ext;
  return null;
}

const files = walk(SRC);
const graph = new Map(files.map((f) => [f, importsOf(f)]));
const rel = (f: string) => path.relative(process.cwd(), f);
const isServerOnly = (f: string) =>
  /\.server\.tsx?$/.test(f) ||
  rel(f).startsWith('src/lib/server/') ||
  rel(f).startsWith('src/middleware/') ||
  rel(f) === 'src/runtime.ts';
const isIsland = (f: string) => rel(f).startsWith('src/islands/');
/** Everything `roots` load at run time (type-only imports erased). */
function reachable(roots: string[]): Map<string, string[]> {
  const via = new Map<string, string[]>(roots.map((r) => [r, [r]]));
  const queue = [...roots];
  while (queue.length) {
    const file = queue.shift()!;
    for (const edge of graph.get(file)?.server ?? []) {
      if (edge.typeOnly || edge.to === null || via.has(edge.to)) continue;
      via.set(edge.to, [...via.get(file)!, edge.to]);
      queue.push(edge.to);
    }
  }
  return via;
}

describe('import rules', () => {
  it('the graph was read', () => {
    expect(files.length).toBeGreaterThan(100);
    expect([...graph.values()].reduce((n, g) => n + g.server.length, 0)).toBeGreaterThan(300);
  });

  it('no island, nor anything it imports, reaches *.server.ts or src/lib/server/**', () => {
    const browserRoots = [
      ...files.filter(isIsland),
      ...[...graph.values()].flatMap((g) =>
        g.browser.flatMap((e) => (e.typeOnly || e.to === null ? [] : [e.to])),
      ),
      ...files.filter((f) => /\.client\.tsx?$/.test(f)),
    ];
    const leaks = [...reachable(browserRoots)]
      .filter(([file]) => isServerOnly(file))
      .map(([, chain]) => chain.map(rel).join(' → '));
    expect(leaks).toEqual([]);
  });

  it('a pure file in a feature imports no *.server.ts and no *.client.ts', () => {
    const pure = files.filter(
      (f) =>
        /^src\/lib\/.+\.ts$/.test(rel(f)) &&
        !/\.(server|client)\.ts$/.test(f) &&
        !rel(f).startsWith('src/lib/server/'),
    );
    const bad = pure.flatMap((f) =>
      graph
        .get(f)!
        .server.filter((e) => /\.(server|client)\.tsx?$/.test(e.to ?? ''))
        .map((e) => `${rel(f)} → ${e.spec}`),
    );
    expect(bad).toEqual([]);
  });

  it("imports use the '@/' alias, never a chain out of the file's folder", () => {
    const bad = files.flatMap((f) =>
      [...graph.get(f)!.server, ...graph.get(f)!.browser]
        .filter((e) => e.spec.startsWith('../'))
        .map((e) => `${rel(f)}: ${e.spec}`),
    );
    expect(bad).toEqual([]);
  });

  it('src/lib/server is infrastructure: it imports no feature at run time', () => {
    // A feature is a folder of src/lib; the files at src/lib's top (ids, zod, cookies…) are shared.
    const feature = (f: string) => /^src\/lib\/(?!server\/)[^/]+\//.test(rel(f));
    const bad = files
      .filter((f) => rel(f).startsWith('src/lib/server/'))
      .flatMap((f) =>
        graph
          .get(f)!
          .server.filter((e) => !e.typeOnly && e.to !== null && feature(e.to))
          .map((e) => `${rel(f)} → ${e.spec}`),
      );
    expect(bad).toEqual([]);
  });

  it('a folder with an index.ts is entered only through it (server/private-answers)', () => {
    const doors = ['src/lib/server/private-answers'];
    const bad = files.flatMap((f) =>
      graph.get(f)!.server.flatMap((e) => {
        const to = e.to === null ? '' : rel(e.to);
        const door = doors.find((d) => to.startsWith(d + '/'));
        return door && to !== `${door}/index.ts` && !rel(f).startsWith(door + '/')
          ? [`${rel(f)} → ${e.spec}`]
          : [];
      }),
    );
    expect(bad).toEqual([]);
  });

  it('there are no import cycles', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      stack.push(file);
      for (const edge of graph.get(file)?.server ?? []) {
        if (edge.typeOnly || edge.to === null) continue;
        if (state.get(edge.to) === 'open')
          cycles.push([...stack.slice(stack.indexOf(edge.to)), edge.to].map(rel).join(' → '));
        else if (!state.has(edge.to)) visit(edge.to);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  it('a feature imports only the features below it, types included (docs/architecture.md)', () => {
    const lib = path.join(SRC, 'lib');
    const edges: LibEdge[] = files
      .filter((f) => f.startsWith(lib + path.sep))
      .flatMap((f) =>
        [...graph.get(f)!.server, ...graph.get(f)!.browser].flatMap((e) =>
          e.to !== null && e.to.startsWith(lib + path.sep)
            ? [{ from: path.relative(lib, f), to: path.relative(lib, e.to) }]
            : [],
        ),
      );
    expect(edges.length).toBeGreaterThan(1000);
    expect(directionBreaks(edges)).toEqual([]);
    const folders = fs
      .readdirSync(lib, { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== 'server')
      .map((e) => e.name);
    expect(folders.filter((f) => !(FEATURE_ORDER as readonly string[]).includes(f))).toEqual([]);
  });

  it('the direction check fails on a lower feature importing a higher one (a test of the test)', () => {
    const ok: LibEdge[] = [
      { from: 'checkout/placing.server.ts', to: 'orders/stock.server.ts' },
      { from: 'orders/book.server.ts', to: 'money.ts' },
      { from: 'jobs.server.ts', to: 'invoicing/emit.server.ts' },
    ];
    expect(directionBreaks(ok)).toEqual([]);
    expect(
      directionBreaks([
        ...ok,
        { from: 'payments/settle.server.ts', to: 'invoicing/emit.server.ts' },
      ]),
    ).toEqual([
      'payments/settle.server.ts → invoicing/emit.server.ts: payments is below invoicing',
    ]);
    // Through a shared file at the top: it counts as its importer's.
    expect(
      directionBreaks([
        { from: 'shared.ts', to: 'customers/urls.ts' },
        { from: 'shop/page.ts', to: 'shared.ts' },
      ]),
    ).toEqual(['shop/page.ts → shared.ts → customers: shop is below customers']);
    expect(
      directionBreaks([{ from: 'orders/view.server.ts', to: 'order-effects.server.ts' }]),
    ).toEqual(['orders/view.server.ts → order-effects.server.ts: a composition root']);
    expect(directionBreaks([{ from: 'couriers/quote.ts', to: 'orders/schemas.ts' }])).toEqual([
      'couriers: not in the declared order',
    ]);
  });

  it('payments say what happened and send nothing: no mail and no invoicing module', () => {
    const bad = files
      .filter((f) => rel(f).startsWith('src/lib/payments/'))
      .flatMap((f) =>
        graph
          .get(f)!
          .server.filter((e) => /mail|invoicing\//.test(e.to === null ? '' : rel(e.to)))
          .map((e) => `${rel(f)} → ${e.spec}`),
      );
    expect(bad).toEqual([]);
  });
});
