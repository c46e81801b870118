import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live (ARCHITECTURE.md "Files"). Keys are relative
 * paths such as `avatars/<random>.png`; files are never served from a public
 * folder, only through authorised routes or capability URLs.
 */
export interface Storage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The file's bytes, or `null` when absent. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9_-]+(\/[a-zA-Z0-9_-]+)*\.[a-z0-9]+$/;

/** Disk storage under `root` (the embedded default: `DATA_DIR/files`). */
export function diskStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, bytes);
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
  };
}
