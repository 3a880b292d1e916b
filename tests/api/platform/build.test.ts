/**
 * The islands, the page editor and the published sites run on React (the stack the owner asked
 * for). Preact is still installed, inside posthog-js and Puck's drag-and-drop signals, so the
 * build is read for its runtime: a stray `preact/compat` alias or renderer would bring it back
 * next to React, and an island would run hooks from one runtime and render with the other.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dist = path.resolve('dist');
const files = (dir: string, ext: RegExp) =>
  fs
    .readdirSync(path.join(dist, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => ext.test(f))
    .map((f) => ({ name: f, text: fs.readFileSync(path.join(dist, dir, f), 'utf8') }));

/** Preact's style-unit rule, in every build of preact and preact-render-to-string, in no React build. */
const PREACT_RUNTIME = 'acit|ex(?:s|g|n|p|$)|rph|grid';

describe('the build', () => {
  const server = files('server', /\.m?js$/);
  const client = files('client/_astro', /\.js$/);

  it('carries no Preact runtime, in the browser or on the server', () => {
    expect(server.length).toBeGreaterThan(10);
    expect(client.length).toBeGreaterThan(10);
    expect(
      [...server, ...client].filter(({ text }) => text.includes(PREACT_RUNTIME)).map((f) => f.name),
    ).toEqual([]);
    const imported = new Set(
      server.flatMap(({ text }) =>
        [...text.matchAll(/(?:from|import)\s*\(?\s*["']([^"'./][^"']*)["']/g)].map((m) => m[1]!),
      ),
    );
    expect([...imported].filter((name) => /preact/.test(name))).toEqual([]);
    expect(imported).toContain('react-dom/static');
  });

  it("hydrates islands with React DOM: Astro's React renderer is the only client renderer", () => {
    // @astrojs/react's client writes astro-static-slot for children and calls hydrateRoot.
    const renderers = client.filter(({ text }) => text.includes('astro-static-slot'));
    expect(renderers.map((f) => f.name)).toHaveLength(1);
    expect(renderers[0]!.text).toContain('hydrateRoot');
    expect(client.some(({ text }) => text.includes('react.dev/errors'))).toBe(true);
  });
});
