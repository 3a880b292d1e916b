// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';

/** Largest body any route accepts (uploads); routes cap lower in `readJson`. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * Routes whose paths start with "_", which Astro's file routing skips: each file sits in
 * `src/pages` at the path it serves and is injected here.
 */
/** @type {import('astro').AstroIntegration} */
const underscoreRoutes = {
  name: 'impulsa:underscore-routes',
  hooks: {
    'astro:config:setup': ({ injectRoute }) => {
      injectRoute({ pattern: '/api/_auth/session', entrypoint: './src/pages/api/_auth/session.ts' });
      injectRoute({ pattern: '/_site/[...path]', entrypoint: './src/pages/_site/[...path].astro' });
    },
  },
};

export default defineConfig({
  output: 'server',
  // 'always' makes the node adapter answer POST with 301, and browsers retry as GET.
  trailingSlash: 'ignore',
  // Middleware mode: scripts/serve.mjs owns the HTTP server and serves dist/client's files itself.
  adapter: node({ mode: 'middleware', bodySizeLimit: MAX_BODY_BYTES }),
  integrations: [react(), underscoreRoutes],
  // Our middleware checks Origin for every cookie-authenticated unsafe request, JSON included.
  security: { checkOrigin: false },
  server: { host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 4321) },
  devToolbar: { enabled: false },
  vite: {
    plugins: [tailwindcss()],
    resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  },
});
