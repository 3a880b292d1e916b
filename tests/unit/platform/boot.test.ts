/**
 * scripts/boot.mjs keeps the answer for a package name asked from the project's own files (Node 24
 * re-parses a package's exports map for every file otherwise): the modules it loads must be the very
 * files, with the very exports, that Node's own resolution gives. drizzle-orm is the largest case
 * (the build bundles it; tests/api/platform/process.test.ts checks that).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const BOOT = path.resolve('scripts/boot.mjs');

/** Runs `code` (an ES module) in a new Node process, with or without boot.mjs first; its stdout as JSON. */
function run(code: string, boot: boolean, before: string[] = []): unknown {
  const args = [...before, ...(boot ? ['--import', BOOT] : []), '--input-type=module', '-e', code];
  return JSON.parse(
    execFileSync(process.execPath, args, {
      cwd: process.cwd(),
      encoding: 'utf8',
      env: { ...process.env, NODE_COMPILE_CACHE: '' },
    }),
  );
}

// Every drizzle-orm module the app imports, and the URL each of their relative imports leads to.
const PROBE = `
import { registerHooks } from 'node:module';
const seen = new Set();
registerHooks({
  resolve(specifier, context, next) {
    const result = next(specifier, context);
    if (result.url.includes('/drizzle-orm/')) seen.add(result.url + ' ' + (result.format ?? ''));
    return result;
  },
});
const names = ['drizzle-orm', 'drizzle-orm/pg-core', 'drizzle-orm/pglite', 'drizzle-orm/postgres-js',
  'drizzle-orm/pglite/migrator'];
const modules = await Promise.all(names.map((m) => import(m)));
const exports = modules.map((m) => Object.keys(m).sort());
console.log(JSON.stringify({ exports, urls: [...seen].sort() }));
`;

// Each case starts Node twice: a few seconds on a machine busy with other suites.
describe('boot.mjs', { timeout: 30_000 }, () => {
  it('loads the same drizzle-orm files, as ES modules, with the same exports as Node alone', () => {
    const plain = run(PROBE, false) as { exports: string[][]; urls: string[] };
    const booted = run(PROBE, true) as { exports: string[][]; urls: string[] };
    expect(plain.urls.length).toBeGreaterThan(100);
    expect(booted).toEqual(plain);
  });

  it('resolves a package name asked from the project once, to the file Node alone finds', () => {
    // Registered before boot.mjs, this hook sees what boot.mjs passes on to Node's resolution.
    const hook = [
      "import { registerHooks } from 'node:module';",
      'globalThis.asked = 0;',
      'registerHooks({ resolve(s, c, next) {',
      "  if (s === 'zod' || s === 'drizzle-orm/pg-core') globalThis.asked++;",
      '  return next(s, c);',
      '} });',
    ].join('\n');
    const counter = `data:text/javascript,${encodeURIComponent(hook)}`;
    const code = [
      "const names = ['zod', 'drizzle-orm/pg-core', 'zod', 'drizzle-orm/pg-core'];",
      'const urls = names.map((s) => import.meta.resolve(s));',
      'console.log(JSON.stringify({ urls, asked: globalThis.asked }));',
    ].join('\n');
    const plain = run(code, false, ['--import', counter]) as { urls: string[]; asked: number };
    const booted = run(code, true, ['--import', counter]) as { urls: string[]; asked: number };
    expect(plain.asked).toBe(4);
    expect(booted).toEqual({ urls: plain.urls, asked: 2 });
  });
});
