// `npm test`: the whole suite on a fresh machine — format, lint, type check, unit, build, API
// integration, browser end-to-end and the deployment behind Caddy — then one closing line "N passed, N failed".
// Sets up what npm cannot install: Debian's Chromium and Caddy (scripts/debian.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDebianPackage } from './debian.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'impulsa-reports-'));

function run(title, command, args, env = {}) {
  console.log(`\n━━ ${title} ━━`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
  });
  return result.status === 0;
}

function vitest(title, projects) {
  const file = path.join(reportDir, `${projects.join('-')}.json`);
  const args = [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ];
  const ok = run(title, bin('vitest'), args);
  return { ok, file };
}

function tally(files) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const file of files) {
    if (!fs.existsSync(file)) continue;
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    total.passed += report.numPassedTests ?? 0;
    total.failed += report.numFailedTests ?? 0;
    total.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  return total;
}

ensureDebianPackage(chromium, 'chromium');
ensureDebianPackage('/usr/bin/caddy', 'caddy');
const reports = [];
/** Phases that failed without being tests (format, lint, type check, build): each counts as one failure. */
let failedPhases = 0;
let ok = run('Format (prettier --check)', bin('prettier'), ['--check', '.']);
if (!ok) failedPhases++;
if (ok) {
  // The typed lint reads the types of `astro:content` and `astro:actions`, which sync writes.
  ok = run('Types (astro sync)', bin('astro'), ['sync']);
  if (!ok) failedPhases++;
}
if (ok) {
  ok = run('Lint (eslint)', bin('eslint'), ['.', '--max-warnings', '0']);
  if (!ok) failedPhases++;
}
if (ok) {
  ok = run('Type check (astro check)', bin('astro'), ['check']);
  if (!ok) failedPhases++;
}
if (ok) {
  const unit = vitest('Unit tests', ['unit']);
  reports.push(unit.file);
  ok = unit.ok;
}
if (ok) {
  ok = run('Build', bin('astro'), ['build']);
  if (!ok) failedPhases++;
}
if (ok) {
  const integration = vitest('API and browser tests', ['api', 'api-own-apps', 'e2e']);
  reports.push(integration.file);
  ok = integration.ok;
}
if (ok) {
  // Caddy in front of two instances on PostgreSQL (docs/deploy.md); skipped without TEST_DATABASE_URL.
  const deploy = vitest('Deployment (Caddy, two instances, PostgreSQL)', ['deploy']);
  reports.push(deploy.file);
  ok = deploy.ok;
}

const total = tally(reports);
total.failed += failedPhases;
if (!process.env.TEST_DATABASE_URL)
  console.log('\n(PostgreSQL tests skipped: set TEST_DATABASE_URL to run them.)');
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(ok && total.failed === 0 ? 0 : 1);
