/**
 * A fault thrown inside the PostgreSQL client, outside any query's promise, is logged and the
 * process goes on (`server/db/driver-faults.ts`); any other uncaught error still ends it. Runs the
 * built runtime's handler in a child process, with a stand-in file at the client's path.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const runtime = pathToFileURL(path.resolve('dist/server/runtime.mjs')).href;

/** Runs a child that installs the handler, then throws from a timer in `file`. */
function throwFrom(relativeFile: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'impulsa-fault-'));
  const file = path.join(dir, relativeFile);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // What the client does when a write runs against a dropped socket.
  fs.writeFileSync(
    file,
    'export function nextWrite() { setImmediate(() => { const socket = null; socket.write(1); }); }\n',
  );
  const script = `
    const { containDriverFaults } = await import(${JSON.stringify(runtime)});
    containDriverFaults();
    (await import(${JSON.stringify(pathToFileURL(file).href)})).nextWrite();
    setTimeout(() => { console.log('still serving'); process.exit(0); }, 300);
  `;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'info' },
    timeout: 20_000,
  });
  fs.rmSync(dir, { recursive: true, force: true });
  return child;
}

describe('faults inside the PostgreSQL client', () => {
  it('are logged and the process goes on', () => {
    const child = throwFrom('node_modules/postgres/src/connection.js');
    expect(child.status).toBe(0);
    expect(child.stdout + child.stderr).toContain('contained a fault inside the PostgreSQL client');
    expect(child.stdout).toContain('still serving');
  });

  it('any other uncaught error still ends the process with its stack', () => {
    const child = throwFrom('src/lib/anything.js');
    expect(child.status).toBe(1);
    expect(child.stderr).toContain("Cannot read properties of null (reading 'write')");
    expect(child.stdout).not.toContain('still serving');
  });
});
