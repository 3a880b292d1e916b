/** The server process: one owner per PGlite folder, clean shutdown on SIGTERM. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer, tempDir } from '../../support/server';

describe('server process', () => {
  it('a second server on the same DATA_DIR exits with a clear message; SIGTERM closes cleanly', async () => {
    const dataDir = tempDir();
    const first = await startServer({ DATA_DIR: dataDir });
    try {
      const error = await startServer({ DATA_DIR: dataDir }).catch((e: { code?: number; output?: string }) => e);
      expect((error as { code?: number }).code).toBe(1);
      expect((error as { output?: string }).output).toContain('Otra instancia de Impulsa');
      expect((await fetch(`${first.url}/api/health/`)).status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'impulsa.lock'))).toBe(false);
    // The folder opens again after a clean shutdown, with its data.
    const again = await startServer({ DATA_DIR: dataDir });
    expect((await (await fetch(`${again.url}/api/health/`)).json()).database).toBe('pglite');
    expect(await again.stop()).toBe(0);
  }, 90_000);
});
