// Builds the app when dist/ is missing or older than its inputs (used by start and bench).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const entry = path.join(root, 'dist/server/entry.mjs');
const inputs = ['src', 'public', 'drizzle', 'astro.config.mjs', 'package-lock.json'];

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

/** Runs `astro build` if needed; exits the process if the build fails. */
export function ensureBuilt() {
  const built = fs.statSync(entry, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (built !== 0 && !inputs.some((p) => newestMtime(path.join(root, p)) > built)) return;
  console.log(
    built === 0
      ? 'Compilando Impulsa por primera vez…'
      : 'Hay cambios desde la última compilación; compilando…',
  );
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'],
    {
      cwd: root,
      stdio: 'inherit',
      // A build started from a test run must not inherit NODE_ENV=test (React's dev JSX runtime).
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
