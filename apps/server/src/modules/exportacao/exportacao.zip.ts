import { createHash } from 'node:crypto';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadFflate } from '../../platform/lazy-libs.ts';

/**
 * A ZIP written entry by entry to a temporary file (docs/data-export.md "The job"): each entry's
 * bytes go to the disk as fflate produces them, so only the entry being added is in memory.
 */
export interface ZipFileWriter {
  /**
   * Adds `name` (a path inside the ZIP) holding `bytes`; `compress` deflates it (text), otherwise it is
   * stored as is (photos and PDFs are compressed already). Answers the bytes' SHA-256, hex.
   */
  add(name: string, bytes: Buffer, compress: boolean): Promise<string>;
  /** Ends the ZIP and answers its bytes; the temporary file is removed. */
  finish(): Promise<Buffer>;
  /** Removes the temporary file without finishing (after a failure). */
  discard(): Promise<void>;
}

/** The SHA-256 of `bytes`, hex. */
export function sha256(bytes: Buffer | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Opens a {@link ZipFileWriter} on a new temporary file; entries carry `mtime`. */
export async function openZipFile(mtime: Date): Promise<ZipFileWriter> {
  const { Zip, ZipDeflate, ZipPassThrough } = await loadFflate();
  const dir = await mkdtemp(path.join(tmpdir(), 'pulso-exportacao-'));
  const file = path.join(dir, 'dados.zip');
  const handle = await open(file, 'wx');
  let writes: Promise<unknown> = Promise.resolve();
  let failure: Error | null = null;
  let ended: (() => void) | null = null;
  const done = new Promise<void>((resolve) => {
    ended = resolve;
  });
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failure = error;
      ended?.();
      return;
    }
    const copy = Buffer.from(chunk);
    writes = writes.then(() => handle.write(copy));
    if (final) ended?.();
  });
  const cleanup = async () => {
    await handle.close().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  };
  const check = () => {
    if (failure) throw failure;
  };
  return {
    async add(name, bytes, compress) {
      check();
      const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
      entry.mtime = mtime;
      zip.add(entry);
      entry.push(bytes, true);
      // Wait for this entry's bytes to reach the disk before reading the next file.
      await writes;
      check();
      return sha256(bytes);
    },
    async finish() {
      try {
        zip.end();
        await done;
        await writes;
        check();
        await handle.sync();
        await handle.close();
        return await readFile(file);
      } finally {
        await cleanup();
      }
    },
    discard: cleanup,
  };
}
