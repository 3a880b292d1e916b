/**
 * The build runs React's API on Preact alone (compat.config.mjs). React stays installed as the
 * peer dependency of Puck, Radix and nanostores; if the server bundle left one of them to Node, or
 * a chunk carried React DOM, an island would run two runtimes: hooks from one, render from the
 * other ("Cannot read properties of null (reading 'useState')").
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REACT_PACKAGES } from '../../../compat.config.mjs';

const dist = path.resolve('dist');
const files = (dir: string, ext: RegExp) =>
  fs
    .readdirSync(path.join(dist, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => ext.test(f))
    .map((f) => ({ name: f, text: fs.readFileSync(path.join(dist, dir, f), 'utf8') }));

describe('the build', () => {
  it('leaves no module to Node that would load React next to Preact', () => {
    const server = files('server', /\.m?js$/);
    expect(server.length).toBeGreaterThan(10);
    const imported = new Set(server.flatMap(({ text }) => [...text.matchAll(/(?:from|import)\s*\(?\s*["']([^"'./][^"']*)["']/g)].map((m) => m[1]!)));
    expect([...imported].filter((name) => /^(react|react-dom)(\/|$)/.test(name) || REACT_PACKAGES.some((pattern) => pattern.test(name)))).toEqual([]);
    expect(imported).toContain('preact/compat');
  });

  it("ships no React DOM to browsers: each island's runtime is Preact", () => {
    const client = files('client/_astro', /\.js$/);
    expect(client.filter(({ text }) => text.includes('react.dev/errors')).map((f) => f.name)).toEqual([]);
    expect(client.some(({ text }) => text.includes('astro-static-slot'))).toBe(true);
  });
});
