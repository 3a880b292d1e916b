// One linter for the repository: ESLint's and typescript-eslint's recommended rules, React's
// hooks rules for the islands, and Astro's for .astro files.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: [
      'dist/',
      '.astro/',
      'data/',
      'node_modules/',
      'public/',
      'test-results/',
      'screenshots/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  {
    // Type-aware rules for TypeScript (floating promises, unsafe `any`); the .astro files keep the
    // untyped set, as their parser gives no program to check against.
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // React's event props take an async handler; what it returns is ignored by design.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    // The classic hooks rules; the compiler-era ones flag the islands' deliberate reads of what
    // was typed before hydration.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Tests read JSON bodies of any shape and let their expectations check it; their stand-ins
    // implement async interfaces with answers at hand.
    files: ['tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Vitest reads what a fixture needs from its first parameter's pattern, empty when nothing.
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
    },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // Prettier wraps code at 100; strings, comments and markup it cannot break stay under 120.
      'max-len': ['error', { code: 120, tabWidth: 2 }],
      // `_`-prefixed names are deliberately unused (a destructured field left out, a callback's slot).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
);
