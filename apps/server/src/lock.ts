import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Name of the lock file the embedded server holds in `DATA_DIR` (ARCHITECTURE.md). */
export const LOCK_FILE = 'pulso.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data-directory lock: PGlite takes none of its own and two
 * processes on one directory corrupt it. Throws with a clear message when a
 * live process holds it; a stale lock (dead pid) is replaced.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(file, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
        throw new Error(
          `O diretório de dados ${dataDir} está em uso pelo processo ${pid} (servidor Pulso em execução). ` +
            'Pare-o antes ou use outro DATA_DIR.',
        );
      }
      rmSync(file, { force: true });
    }
  }
}
