import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * API files that start app servers of their own, to restart, cut or slow them. Their start-up
 * (migrations, PGlite's first open) fills both cores for seconds, long enough for a shared
 * server's health check to give up (a 503 at 1.5 s), so they run apart, one at a time.
 */
const ownAppFiles = fs
  .readdirSync('tests/api', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `tests/api/${file}`)
  .filter((file) => /support\/(own-app|server)'/.test(fs.readFileSync(file, 'utf8')));

export default defineConfig({
  resolve: {
    alias: {
      // Astro's virtual module, for middleware tests that call `onRequest` with a fake context.
      'astro:middleware': 'astro/virtual-modules/middleware.js',
      // The app's environment schema over process.env, as Astro's plugin makes it.
      'astro:env/server': fileURLToPath(new URL('./tests/support/astro-env.ts', import.meta.url)),
      '@': src,
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // One file per core; a PDF or a PGlite opened on a busy core gets more than 5 s.
          maxWorkers: 2,
          testTimeout: 15_000,
          // A hook that opens and migrates a PGlite on a core shared with another file's took
          // over 10 s once on a clean clone: hooks get the time a test does.
          hookTimeout: 30_000,
          env: { LOG_LEVEL: 'silent' },
          // The composition root the middleware loads: what an order's moves cause.
          setupFiles: ['src/lib/order-effects.server.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: ownAppFiles,
          globalSetup: ['tests/support/global-setup.ts'],
          // An API file on the shared servers mostly waits (a provider's answer, a mail, a
          // timer), so three at once on two cores.
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-own-apps',
          include: ownAppFiles,
          globalSetup: ['tests/support/global-setup.ts'],
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'deploy',
          sequence: { groupOrder: 4 },
          include: ['tests/deploy/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // Two Chromiums at once: each file's browser and the shared app servers fill two cores.
          maxWorkers: 2,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
