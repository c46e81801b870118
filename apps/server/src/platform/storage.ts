import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Where uploaded files live (docs/architecture.md "Files"). Keys are
 * relative paths such as `avatars/<random>.png`; files are never served from
 * a public folder, only through authorised routes or capability URLs.
 */
export interface Storage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The file's bytes, or `null` when absent. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Every key held, in no particular order (backups: cli/backup.ts; the copy to a bucket). */
  keys(): AsyncIterable<string>;
}

const SAFE_KEY = /^[a-z0-9_-]+(\/[a-zA-Z0-9_-]+)*\.[a-z0-9]+$/;

/** Refuses a key that is not `folder/…/name.ext` of plain letters, digits, `_` and `-` (no `..`, no `/` first). */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`Unsafe storage key: ${key}`);
}

/** A file being written by {@link diskStorage}: `<key>.<hex>.tmp`, renamed to `<key>` once complete. */
const TEMP_FILE = /\.[a-z0-9]+\.[0-9a-f]+\.tmp$/;

/** Whether `name` is a file {@link diskStorage} was still writing (never a stored file). */
const isTempFile = (name: string): boolean => TEMP_FILE.test(name);

/** Options of {@link diskStorage}. */
export interface DiskStorageOptions {
  /**
   * Test-only (`STORAGE_WRITE_DELAY_MS`): pause this long halfway through
   * writing a file, so a fault test can kill the process mid-upload.
   */
  writeDelayMs?: number;
}

/**
 * Disk storage under `root` (the embedded default: `DATA_DIR/files`). A file
 * is written to `<key>.<random hex>.tmp`, flushed to disk, then renamed onto
 * its key: a reader sees the whole file or none, and a process killed while
 * writing leaves only a `.tmp` file, which {@link removeStaleTempFiles}
 * clears at the next start (docs/operations-and-faults.md "Start-up clean-up").
 */
export function diskStorage(root: string, options: DiskStorageOptions = {}): Storage {
  const writeDelayMs = options.writeDelayMs ?? 0;
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      const handle = await open(tmp, 'wx');
      try {
        if (writeDelayMs > 0) {
          const half = Math.floor(bytes.length / 2);
          await handle.writeFile(bytes.subarray(0, half));
          await sleep(writeDelayMs);
          await handle.writeFile(bytes.subarray(half));
        } else {
          await handle.writeFile(bytes);
        }
        await handle.datasync();
      } catch (error) {
        await handle.close().catch(() => {});
        await rm(tmp, { force: true });
        throw error;
      }
      await handle.close();
      await rename(tmp, file);
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async *keys() {
      let entries: Dirent[];
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile() || isTempFile(entry.name)) continue;
        yield path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      }
    },
  };
}

/**
 * Start-up clean-up of {@link diskStorage} (docs/operations-and-faults.md
 * "Start-up clean-up"): deletes, under `root`, the `.tmp` files that a
 * process killed mid-write left behind and that were last written more than
 * `olderThanMs` ago (0: all of them — the embedded server, which holds the
 * data-directory lock, is the only writer; with `DATABASE_URL` several nodes
 * may share the folder and one may be writing right now). A missing `root`
 * is nothing to clean. Answers how many files were deleted.
 */
export async function removeStaleTempFiles(root: string, olderThanMs: number): Promise<number> {
  let entries: string[];
  try {
    entries = await readdir(root, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const before = Date.now() - olderThanMs;
  let removed = 0;
  for (const entry of entries) {
    if (!TEMP_FILE.test(entry)) continue;
    const file = path.join(root, entry);
    try {
      const info = await stat(file);
      if (!info.isFile() || (olderThanMs > 0 && info.mtimeMs > before)) continue;
      await rm(file, { force: true });
      removed += 1;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return removed;
}
