import { createHash } from 'node:crypto';
import path from 'node:path';
import { diskStorage, type Storage } from '../platform/storage.ts';
import { s3Storage } from '../platform/storage-s3.ts';
import { type CliCommand, loadCliConfig, runIfMain } from './cli-command.ts';

const USAGE = `Uso: npm run storage:migrate

Copia os arquivos de DATA_DIR/files (fotos, anexos, arquivos do chat, documentos) para o bucket
de S3_URL ou S3_BUCKET e confere cada um pelo tamanho e pelo SHA-256. Os arquivos do disco ficam
onde estão: apague-os depois de conferir. Pode ser repetido: o que já está igual no bucket é pulado.`;

/** What {@link migrateToBucket} did, by file. */
export interface MigrationReport {
  copied: number;
  alreadyThere: number;
  /** Keys whose copy in the bucket differs from the disk after the copy (size or SHA-256). */
  mismatched: string[];
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Copies every file under `filesDir` to `bucket` under the same key
 * (`avatars/<hex>.png`…), skipping those already there with the same bytes,
 * and reads each copy back to compare its size and SHA-256 with the disk's
 * (docs/operations-and-faults.md "Object storage").
 */
export async function migrateToBucket(filesDir: string, bucket: Storage): Promise<MigrationReport> {
  const report: MigrationReport = { copied: 0, alreadyThere: 0, mismatched: [] };
  const disk = diskStorage(filesDir);
  for await (const key of disk.keys()) {
    const bytes = await disk.get(key);
    if (!bytes) continue;
    const digest = sha256(bytes);
    const same = (other: Buffer | null) =>
      other !== null && other.length === bytes.length && sha256(other) === digest;
    if (same(await bucket.get(key))) {
      report.alreadyThere += 1;
      continue;
    }
    await bucket.put(key, bytes);
    if (same(await bucket.get(key))) report.copied += 1;
    else report.mismatched.push(key);
  }
  return report;
}

/**
 * `npm run storage:migrate`: {@link migrateToBucket} from `DATA_DIR/files`
 * to the configured bucket. Exit 0 when every file is in the bucket with the
 * same bytes, 1 when one differs or the configuration is wrong, 2 without a
 * bucket configured.
 */
export const runStorageMigrate: CliCommand = async (argv, env, out, err) => {
  if (argv.includes('--help') || argv.includes('-h')) {
    out(USAGE);
    return 0;
  }
  const config = loadCliConfig(env, err);
  if (!config) return 1;
  if (!config.s3) {
    err('Nenhum bucket configurado: defina S3_URL ou S3_BUCKET (README "Configuração").');
    err('');
    err(USAGE);
    return 2;
  }
  const filesDir = path.join(config.dataDir, 'files');
  const report = await migrateToBucket(filesDir, await s3Storage(config.s3));
  out(
    `${report.copied} arquivo(s) copiado(s) para o bucket ${config.s3.bucket}; ${report.alreadyThere} já estavam lá, iguais.`,
  );
  if (report.mismatched.length === 0) return 0;
  for (const key of report.mismatched) err(`Diferente no bucket depois da cópia: ${key}`);
  return 1;
};

runIfMain(import.meta.filename, runStorageMigrate);
