// @ts-check
/**
 * The islands, the page editor and the published sites are written against React's API and run
 * on Preact through `preact/compat` (@astrojs/preact with `compat`): React's client alone was
 * 66 KB gzip of every island. Shared by astro.config.mjs and vitest.config.ts, so the build and
 * the tests run the same code.
 */

/** @preact/preset-vite's aliases, which `compat` sets in the build; the tests set them here. */
export const REACT_ALIASES = {
  'react-dom/test-utils': 'preact/test-utils',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
  react: 'preact/compat',
};

/**
 * Packages that import `react` themselves. The server bundle must include them (not leave them
 * to Node, which would load React itself next to Preact): `vite.ssr.noExternal`, and vitest's
 * `server.deps.inline`. React is still installed, as these packages' peer dependency; nothing
 * loads it (tests/api/platform/build.test.ts reads the build for it).
 */
export const REACT_PACKAGES = [/@radix-ui\//, /@nanostores\/react/, /@puckeditor\//];
