import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));

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
          env: { LOG_LEVEL: 'silent' },
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          // Most of an API file's time is spent waiting (on timers, restarts, a provider's
          // answer), so three at once on two cores; the browsers run after them.
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'deploy',
          sequence: { groupOrder: 3 },
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
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
