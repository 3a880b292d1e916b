/**
 * One process per PGlite folder: PGlite has no server to arbitrate writers, and two
 * processes writing one folder corrupt it. The lock is a file holding the owner's pid,
 * created exclusively; a lock left by a dead process is taken over.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Thrown when another live process holds the folder. */
export class DataDirLockedError extends Error {
  readonly lockFile: string;
  readonly pid: number;
  constructor(lockFile: string, pid: number) {
    super(
      `Otra instancia de Impulsa (pid ${pid}) ya usa la base de datos embebida en ${path.dirname(lockFile)}. ` +
        'Deténla o usa otro DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
    this.lockFile = lockFile;
    this.pid = pid;
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock on `dir` for this process; returns the function that releases it. */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'impulsa.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (isAlive(owner) && owner !== process.pid) throw new DataDirLockedError(lockFile, owner);
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`No se pudo tomar el bloqueo ${lockFile}`);
}
