/**
 * scripts/tick-shape.mjs keeps one of Node's tick objects alive so that opening PGlite does not
 * turn `process.nextTick`'s property definitions megamorphic for the life of the process. The
 * feedback's state is read with V8's own `%DebugPrint`, in a process that has another process make
 * a PGlite folder and then opens it, as the server does on its first start.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const KEEP = path.resolve('scripts/tick-shape.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'impulsa-tick-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Has a child make a PGlite folder, opens it, and prints nextTick's feedback. */
const probe = (folder: string) => `
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
const make = ${JSON.stringify(
  "const { PGlite } = await import('@electric-sql/pglite'); " +
    `await (await PGlite.create(${JSON.stringify(folder)})).close();`,
)};
await promisify(execFile)(process.execPath, ['--input-type=module', '-e', make]);
const { PGlite } = await import('@electric-sql/pglite');
const db = await PGlite.create(${JSON.stringify(folder)});
await db.query('select 1');
await new Promise((resolve) => process.nextTick(resolve));
eval('%DebugPrint(process.nextTick)');
await db.close();
`;

/** How many of nextTick's literal definitions are megamorphic once the folder is open. */
function megamorphicDefinitions(keep: boolean): number {
  const out = execFileSync(
    process.execPath,
    [
      '--allow-natives-syntax',
      ...(keep ? ['--import', KEEP] : []),
      '--input-type=module',
      '-e',
      probe(path.join(dir, String(keep))),
    ],
    { cwd: process.cwd(), encoding: 'utf8', maxBuffer: 16 << 20 },
  );
  return out.match(/DefineKeyedOwnPropertyInLiteral MEGAMORPHIC/g)?.length ?? 0;
}

describe('tick-shape.mjs', () => {
  it('keeps nextTick monomorphic where opening PGlite makes it megamorphic', () => {
    // Without it, V8 loses the tick's shapes (if this stops failing, Node no longer needs it).
    expect(megamorphicDefinitions(false)).toBeGreaterThan(0);
    expect(megamorphicDefinitions(true)).toBe(0);
  }, 120_000);
});
