// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { APP_CSP_DIRECTIVES } from './src/lib/server/http/csp.ts';
import { ENV_SCHEMA } from './src/lib/server/env-schema.ts';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  compressAsync,
  compressibleType,
  ENCODING_SUFFIX,
  MIN_COMPRESS_BYTES,
} from './src/lib/server/http/encoding.ts';

/**
 * Largest body any route accepts: the product form with three phone photos (25 MB each, posted
 * without JavaScript). Every route caps lower by the declared length before reading (the API at
 * 10 MB, `readJson`, `postedForm`); a body that declares none is refused.
 */
const MAX_BODY_BYTES = 80 * 1024 * 1024;

/**
 * Routes whose paths start with "_", which Astro's file routing skips: each file sits in
 * `src/pages` at the path it serves and is injected here.
 */
/** @type {import('astro').AstroIntegration} */
const underscoreRoutes = {
  name: 'impulsa:underscore-routes',
  hooks: {
    'astro:config:setup': ({ injectRoute }) => {
      injectRoute({
        pattern: '/api/_auth/session',
        entrypoint: './src/pages/api/_auth/session.ts',
      });
      injectRoute({ pattern: '/_site/[...path]', entrypoint: './src/pages/_site/[...path].astro' });
    },
  },
};

/**
 * Brotli and gzip twins (`app.js.br`, `app.js.gz`) of the client's text files, made once at the
 * highest levels; scripts/serve.mjs sends them to browsers that accept them. A twin that is not
 * smaller is not written.
 */
/** @type {import('astro').AstroIntegration} */
const precompress = {
  name: 'impulsa:precompress',
  hooks: {
    'astro:build:done': async ({ dir, logger }) => {
      const root = fileURLToPath(dir);
      const files = (await fs.readdir(root, { recursive: true, withFileTypes: true })).filter(
        (e) => e.isFile() && compressibleType(e.name),
      );
      let written = 0;
      await Promise.all(
        files.map(async (entry) => {
          const file = path.join(entry.parentPath, entry.name);
          const body = await fs.readFile(file);
          if (body.byteLength < MIN_COMPRESS_BYTES) return;
          for (const encoding of /** @type {const} */ (['br', 'gzip'])) {
            const packed = await compressAsync(body, encoding, 'best');
            if (packed.byteLength >= body.byteLength) continue;
            await fs.writeFile(file + ENCODING_SUFFIX[encoding], packed);
            written++;
          }
        }),
      );
      logger.info(`${written} compressed twins of ${files.length} text files`);
    },
  },
};

/**
 * `src/runtime.ts` built as `dist/server/runtime.mjs`, an entry of the server build
 * beside Astro's: scripts/serve.mjs imports the app's database, caches and jobs from it, the same
 * module instances the pages use.
 */
/** @type {import('vite').Plugin} */
const runtimeEntry = {
  name: 'impulsa:runtime-entry',
  applyToEnvironment: (environment) => environment.name === 'ssr',
  options(options) {
    // Named as Astro names its own inputs (astro:resolve-input), so its entry keeps its file name.
    const given = options.input ?? {};
    const input =
      typeof given === 'string'
        ? { index: given }
        : Array.isArray(given)
          ? Object.fromEntries(given.map((v, i) => [`index_${i}`, v]))
          : given;
    return {
      ...options,
      input: {
        ...input,
        runtime: fileURLToPath(new URL('./src/runtime.ts', import.meta.url)),
      },
    };
  },
};

export default defineConfig({
  output: 'server',
  // 'always' makes the node adapter answer POST with 301, and browsers retry as GET.
  trailingSlash: 'ignore',
  // Middleware mode: scripts/serve.mjs owns the HTTP server and serves dist/client's files itself.
  adapter: node({ mode: 'middleware', bodySizeLimit: MAX_BODY_BYTES }),
  integrations: [react(), underscoreRoutes, precompress],
  // Read where the server runs and validated when it starts (src/lib/server/env-schema.ts).
  env: { schema: ENV_SCHEMA },
  security: {
    // Our middleware checks Origin for every cookie-authenticated unsafe request, JSON included.
    checkOrigin: false,
    // Astro hashes the inline scripts it needs (the islands' bootstrap) into the page's
    // Content-Security-Policy header: no 'unsafe-inline' script anywhere.
    csp: {
      directives: [...APP_CSP_DIRECTIVES],
      scriptDirective: { resources: ["'self'"] },
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  // Astro's route cache, with the app's own provider: in memory, invalidated across instances.
  cache: {
    provider: { name: 'impulsa-memory', entrypoint: './src/lib/server/cache/provider.ts' },
  },
  server: { host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 4321) },
  devToolbar: { enabled: false },
  // The lessons have no code to colour, and Shiki's inline styles would break the pages' CSP.
  markdown: { syntaxHighlight: false },
  vite: {
    plugins: [tailwindcss(), runtimeEntry],
    resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
    // The page editor (Puck) is one large chunk that only /page-builder/editor loads; what each
    // route downloads is budgeted by `node scripts/page-weights.mjs` (the README's table).
    build: { chunkSizeWarningLimit: 1500 },
    // Drizzle bundled into the server's chunks: Node then never resolves its 107 files through
    // its 179 KB `exports` map at start (docs/decisions/2026-11-23-cold-start.md).
    ssr: { noExternal: ['drizzle-orm'] },
  },
});
