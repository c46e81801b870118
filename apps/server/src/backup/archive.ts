import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar-stream';

/**
 * A Pulso backup (docs/operations-and-faults.md "Backups"): one uncompressed
 * tar file (what it holds is compressed already: PGlite's gzip dump,
 * pg_dump's custom format, photos and PDFs) whose entries are, in order,
 * {@link HEADER_ENTRY}, the database, PGlite's generated secrets
 * (`secrets/<name>`), the stored files (`files/<key>`) and last
 * {@link CHECKSUMS_ENTRY}: the SHA-256 of every entry before it. A backup
 * cut short has no checksums and is refused whole.
 */
export const HEADER_ENTRY = 'pulso-backup.json';
export const CHECKSUMS_ENTRY = 'checksums.json';
export const BACKUP_FORMAT = 'pulso-backup';
export const BACKUP_VERSION = 1;

/** The first entry: what made the backup and which database it holds. */
export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  /** ISO 8601, UTC. */
  created_at: string;
  engine: 'pglite' | 'postgres';
  /** Name of the database's entry: `database.pglite.tar.gz` or `database.pgdump`. */
  database: string;
}

/** A refusal or failure of a backup or a restore, as the pt-BR line the tool prints (exit 1). */
export class BackupError extends Error {}

/** One entry to write: its bytes, or a file on disk streamed in. */
export type ArchiveEntry = { name: string; bytes: Buffer } | { name: string; size: number; path: string };

const sha256 = () => createHash('sha256');

/** Passes bytes through unchanged, feeding `hash` on the way. */
const hashing = (hash: Hash) =>
  new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });

/**
 * Writes `header`, then `entries`, then the checksums of all of them to
 * `out`, through `<out>.partial` renamed at the end: `out` is a whole backup
 * or absent. Answers how many entries and bytes it wrote.
 */
export async function writeArchive(
  out: string,
  header: BackupHeader,
  entries: AsyncIterable<ArchiveEntry>,
): Promise<{ entries: number; bytes: number }> {
  const partial = `${out}.partial`;
  const pack = tar.pack();
  const written = pipeline(pack, createWriteStream(partial, { flags: 'wx' }));
  const checksums: Record<string, string> = {};
  let bytes = 0;
  const add = async (name: string, size: number, body: Buffer | Readable) => {
    const hash = sha256();
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error | null) => (error ? reject(error) : resolve());
      if (Buffer.isBuffer(body)) {
        hash.update(body);
        pack.entry({ name, size, mode: 0o600 }, body, done);
      } else {
        pipeline(body, hashing(hash), pack.entry({ name, size, mode: 0o600 }, done)).catch(reject);
      }
    });
    checksums[name] = hash.digest('hex');
    bytes += size;
  };
  try {
    const headerBytes = Buffer.from(`${JSON.stringify(header, null, 2)}\n`);
    await add(HEADER_ENTRY, headerBytes.length, headerBytes);
    for await (const entry of entries) {
      if ('bytes' in entry) await add(entry.name, entry.bytes.length, entry.bytes);
      else await add(entry.name, entry.size, createReadStream(entry.path));
    }
    const sums = Buffer.from(`${JSON.stringify(checksums, null, 2)}\n`);
    await add(CHECKSUMS_ENTRY, sums.length, sums);
    pack.finalize();
    await written;
    await rename(partial, out);
    return { entries: Object.keys(checksums).length, bytes };
  } catch (error) {
    pack.destroy();
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
}

/** What {@link readArchive} hands each entry: its name and a stream of its bytes, to read or skip. */
export type EntryHandler = (name: string, body: Readable, size: number) => Promise<void>;

/**
 * Reads the backup at `file` entry by entry, checking each against the
 * checksums at its end; `onEntry` (optional) sees every entry but the header
 * and the checksums. Answers the header and the entries' names. Throws a
 * {@link BackupError} when the file is not a Pulso backup, is of a newer
 * version, is cut short or any entry's bytes differ — after `onEntry` has
 * seen them, so check first with no handler, then restore.
 */
export async function readArchive(
  file: string,
  onEntry?: EntryHandler,
): Promise<{ header: BackupHeader; names: string[] }> {
  let header: BackupHeader | null = null;
  let checksums: Record<string, string> | null = null;
  const seen = new Map<string, string>();
  const extract = tar.extract();
  const source = createReadStream(file);
  source.on('error', (error) => extract.destroy(error));
  try {
    for await (const entry of source.pipe(extract)) {
      const name = entry.header.name;
      const hash = sha256();
      const body = entry.pipe(hashing(hash));
      if (name === HEADER_ENTRY || name === CHECKSUMS_ENTRY) {
        const text = Buffer.concat(await body.toArray()).toString('utf8');
        if (name === CHECKSUMS_ENTRY) checksums = parseJson(text) as Record<string, string>;
        else header = checkHeader(parseJson(text));
      } else {
        if (!header) throw new BackupError(`${file} não é um backup do Pulso.`);
        if (onEntry) await onEntry(name, body, entry.header.size ?? 0);
        await new Promise<void>((resolve, reject) => {
          if (body.readableEnded) return resolve();
          body.once('end', resolve).once('error', reject);
          body.resume();
        });
      }
      seen.set(name, hash.digest('hex'));
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} não pôde ser lido como backup do Pulso: ${(error as Error).message}`);
  }
  if (!header) throw new BackupError(`${file} não é um backup do Pulso.`);
  if (!checksums) throw new BackupError(`O backup ${file} está incompleto (sem ${CHECKSUMS_ENTRY}).`);
  const expected = Object.entries(checksums);
  for (const [name, digest] of expected) {
    if (seen.get(name) !== digest) throw new BackupError(`O backup ${file} está corrompido: ${name} difere.`);
  }
  if (expected.length !== seen.size - 1) {
    throw new BackupError(`O backup ${file} está corrompido: as entradas não batem com ${CHECKSUMS_ENTRY}.`);
  }
  return { header, names: [...seen.keys()].filter((n) => n !== HEADER_ENTRY && n !== CHECKSUMS_ENTRY) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BackupError('Um índice do backup não é JSON válido.');
  }
}

function checkHeader(value: unknown): BackupHeader {
  const header = value as Partial<BackupHeader> | null;
  if (header?.format !== BACKUP_FORMAT) throw new BackupError('O arquivo não é um backup do Pulso.');
  if (header.version !== BACKUP_VERSION) {
    throw new BackupError(
      `Backup na versão ${String(header.version)}; esta versão do Pulso lê a versão ${BACKUP_VERSION}.`,
    );
  }
  if ((header.engine !== 'pglite' && header.engine !== 'postgres') || typeof header.database !== 'string') {
    throw new BackupError('O cabeçalho do backup está incompleto.');
  }
  return header as BackupHeader;
}
