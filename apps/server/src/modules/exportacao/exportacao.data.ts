import type { Db } from '../../db/client.ts';
import type { Storage } from '../../platform/storage.ts';
import { avatarKey } from '../home/index.ts';
import { EXPORTED, type Row, userRow } from './exportacao.tables.ts';
import type { ZipFileWriter } from './exportacao.zip.ts';

/** Format name and version of `dados.json` (docs/data-export.md "dados.json"). */
export const DADOS_FORMATO = 'pulso-dados';
export const DADOS_VERSAO = 1;

/** Where a stored file went in the ZIP: its path there and its SHA-256 (hex), or `ausente` when storage lost it. */
export interface ArquivoRef {
  caminho: string;
  sha256: string | null;
  bytes: number | null;
  ausente: boolean;
}

/** The whole of `dados.json`: the account, then each table of {@link EXPORTED} by its name. */
export type Dados = {
  formato: typeof DADOS_FORMATO;
  versao: typeof DADOS_VERSAO;
  gerado_em: string;
  usuario: Row;
  arquivos: (ArquivoRef & { origem: string })[];
} & { [K in keyof typeof EXPORTED]: Row[] };

/** Reads every exported table for `userId` (docs/data-export.md "What the ZIP holds"); `null` if the account is gone. */
export async function readDados(db: Db, userId: number, now: Date): Promise<Dados | null> {
  const usuario = await userRow(db, userId);
  if (!usuario) return null;
  const tables: Record<string, Row[]> = {};
  for (const [name, table] of Object.entries(EXPORTED)) {
    tables[name] = await table.rows(db, userId);
  }
  return {
    formato: DADOS_FORMATO,
    versao: DADOS_VERSAO,
    gerado_em: now.toISOString(),
    usuario,
    ...(tables as { [K in keyof typeof EXPORTED]: Row[] }),
    arquivos: [],
  };
}

/** A storage key of the patient's, the row that names it and the column the reference goes to. */
interface StoredFile {
  key: string;
  origem: string;
  row: Row;
  column: string;
}

/** Every stored file the rows name: the avatar, timeline attachments, chat files, the professional document. */
function storedFiles(dados: Dados): StoredFile[] {
  const files: StoredFile[] = [];
  const avatar = dados.usuario.avatar;
  if (typeof avatar === 'string' && avatar !== '') {
    files.push({
      key: avatarKey(avatar),
      origem: 'usuario.avatar',
      row: dados.usuario,
      column: 'avatar_arquivo',
    });
  }
  for (const row of dados.timeline_anexos) {
    files.push({ key: String(row.path), origem: 'timeline_anexos.path', row, column: 'arquivo' });
  }
  for (const row of dados.mensagens) {
    if (typeof row.file_key === 'string') {
      files.push({ key: row.file_key, origem: 'mensagens.file_key', row, column: 'arquivo' });
    }
  }
  for (const row of dados.profissionais) {
    if (typeof row.documento === 'string') {
      files.push({ key: row.documento, origem: 'profissionais.documento', row, column: 'documento_arquivo' });
    }
  }
  return files;
}

/** Path of a stored file inside the ZIP: `arquivos/<storage key>` (keys are safe relative paths). */
export const zipPathOf = (key: string): string => `arquivos/${key}`;

/**
 * Copies every stored file the rows name into `zip` under {@link zipPathOf}, one at a time, and
 * writes beside each row the {@link ArquivoRef} (`arquivo`, `avatar_arquivo`, `documento_arquivo`);
 * fills `dados.arquivos`. A file storage no longer has is listed with `ausente: true`.
 */
export async function addStoredFiles(dados: Dados, storage: Storage, zip: ZipFileWriter): Promise<void> {
  const done = new Map<string, ArquivoRef>();
  for (const file of storedFiles(dados)) {
    let ref = done.get(file.key);
    if (!ref) {
      const caminho = zipPathOf(file.key);
      const bytes = await storage.get(file.key);
      ref = bytes
        ? { caminho, sha256: await zip.add(caminho, bytes, false), bytes: bytes.length, ausente: false }
        : { caminho, sha256: null, bytes: null, ausente: true };
      done.set(file.key, ref);
      dados.arquivos.push({ ...ref, origem: file.origem });
    }
    file.row[file.column] = ref;
  }
}
