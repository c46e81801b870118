import {
  closeSync,
  constants,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { tryLock } from 'fs-native-extensions';

/** Name of the lock file the embedded server holds in `DATA_DIR` (docs/operations-and-faults.md). */
export const LOCK_FILE = 'pulso.lock';

/** Who holds the lock, as the holder writes it into the lock file (for the refusal message only). */
interface Holder {
  pid: number;
  host: string;
  desde: string;
}

function describeHolder(file: string): string {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    if (typeof holder.pid === 'number' && typeof holder.host === 'string') {
      return ` (pid ${holder.pid} em ${holder.host}${holder.desde ? `, desde ${holder.desde}` : ''})`;
    }
  } catch {
    // Written a moment after the lock is taken, or by an older version: nothing to add.
  }
  return '';
}

/** Whether `fd` is still the file at `file` (a releasing holder may have unlinked it meanwhile). */
function sameFile(fd: number, file: string): boolean {
  try {
    const open = fstatSync(fd);
    const named = statSync(file);
    return open.ino === named.ino && open.dev === named.dev;
  } catch {
    return false;
  }
}

/**
 * Takes the data-directory lock (docs/operations-and-faults.md "The
 * data-directory lock"): PGlite takes none of its own and two processes on
 * one directory corrupt it. The lock is an exclusive kernel lock on
 * `DATA_DIR/pulso.lock` (an open-file-description `fcntl` lock on Linux,
 * through `fs-native-extensions`), held by an open descriptor: the kernel
 * frees it when the process ends, whatever ends it (kill -9 included), and
 * it does not depend on process ids, so it holds across PID namespaces
 * (containers) and a PID-1 server restarted after kill -9 takes it again at
 * once.
 *
 * The holder writes `{pid, host, desde}` into the file, for the refusal
 * message only. `release` (idempotent) removes the file, then closes the
 * descriptor; a process that locked the removed file meanwhile sees that
 * the name no longer leads to it and tries again. A file left by a killed
 * process is simply locked and rewritten. Throws an Error with a pt-BR
 * message ('… está em uso por outro processo …') when another process holds
 * the lock; a refused process changes nothing in the file.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (;;) {
    const fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o644);
    let locked: boolean;
    try {
      locked = tryLock(fd);
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    if (!locked) {
      // Closing this descriptor leaves the holder's lock alone: these locks belong to the descriptor.
      closeSync(fd);
      throw new Error(
        `O diretório de dados ${dataDir} está em uso por outro processo${describeHolder(file)} ` +
          '(servidor Pulso ou comando em execução). Pare-o antes ou use outro DATA_DIR.',
      );
    }
    if (!sameFile(fd, file)) {
      closeSync(fd);
      continue;
    }
    const holder: Holder = { pid: process.pid, host: hostname(), desde: new Date().toISOString() };
    ftruncateSync(fd, 0);
    writeSync(fd, `${JSON.stringify(holder)}\n`, 0);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      try {
        unlinkSync(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      } finally {
        closeSync(fd);
      }
    };
  }
}
