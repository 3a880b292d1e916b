/**
 * Every form action's name, read from `src/actions/*.ts`: each `export const group = {` block's
 * keys (two spaces in) are its actions, `group.key`, and a spread `...checkAndRemove(…)` adds two.
 * Read from the files, so the tests that need them import nothing of Astro's.
 */
import fs from 'node:fs';
import path from 'node:path';

export const ACTION_NAMES: readonly string[] = fs
  .readdirSync('src/actions')
  .filter((file) => file !== 'index.ts')
  .flatMap((file) =>
    [
      ...fs
        .readFileSync(path.join('src/actions', file), 'utf8')
        .matchAll(/^export const (\w+) = \{\n([\s\S]*?)^\};/gm),
    ].flatMap(([, group, body]) => [
      ...[...body!.matchAll(/^ {2}(\w+):/gm)].map((m) => `${group}.${m[1]}`),
      // `...checkAndRemove(…)`: an account's «Probar conexión» and disconnect.
      ...(/^ {2}\.\.\.checkAndRemove\(/m.test(body!) ? [`${group}.check`, `${group}.remove`] : []),
    ]),
  );
