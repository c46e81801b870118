import { randomBytes } from 'node:crypto';
import { link, open, readFile, unlink } from 'node:fs/promises';

/**
 * The content of a secret kept in `DATA_DIR` (the VAPID keys, the file-link
 * key), created on first start and reused after (docs/operations-and-faults.md
 * "Generated secrets"). A new one is written whole to a temporary file,
 * flushed, then linked into place: a process killed mid-write leaves no
 * empty or half file behind, and of two processes starting at once the
 * second reads the first one's. An empty file (left by a version that wrote
 * in place and was killed) was never used to sign anything and is replaced.
 * `make` draws the content; the caller validates what it gets.
 */
export async function readOrCreateSecretFile(file: string, make: () => string): Promise<string> {
  const existing = await readIfPresent(file);
  if (existing !== null && existing.trim() !== '') return existing;
  if (existing !== null) await unlink(file).catch(ignoreMissing);
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const content = make();
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temp, file);
    return content;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFile(file, 'utf8');
  } finally {
    await unlink(temp).catch(ignoreMissing);
  }
}

/** The file's text, or `null` when there is no such file. */
export async function readIfPresent(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    ignoreMissing(error);
    return null;
  }
}

function ignoreMissing(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
}
