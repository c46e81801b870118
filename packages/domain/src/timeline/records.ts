import { z } from 'zod';
import { isIsoDate, todayInSaoPaulo } from '../shared/dates.ts';
import { hasAtMostDecimals } from '../shared/decimal.ts';
import { blankToNull, optionalLine } from '../shared/zod-helpers.ts';
import { TIMELINE_EMPTY, TIPO_DOR } from './labels.ts';

/**
 * Timeline records as their owner and their authors handle them
 * (docs/health-record.md "Timeline records", "Timeline screens", "Pain map",
 * "Adding to another patient's timeline", "Trial lock"). Issue 5.
 */

/**
 * Hours during which a lookup of a patient's code (the add screen's
 * `GET /api/timeline/user/:code`, or their `/code/:code` signed in) lets the
 * caller add records to that patient's timeline (docs/health-record.md
 * "Adding to another patient's timeline": whoever holds the code): long
 * enough for a doctor who scanned a sticker in the morning to write the
 * record after the shift.
 */
export const TARGET_LOOKUP_VALID_HOURS = 24;

/**
 * Records one account may add to one patient's timeline per day
 * (America/Sao_Paulo), counted when added (a record deleted or refused
 * later does not give its place back; docs/timeline-privacy.md). Past it the
 * server answers 429 `TIMELINE_MESSAGES.dailyLimit`.
 */
export const TIMELINE_ADD_DAILY_MAX = 10;

/** pt-BR messages of the timeline (docs/health-record.md "Timeline records", "Pain map"; docs/timeline-privacy.md). */
export const TIMELINE_MESSAGES = {
  added: 'Adicionado com sucesso!',
  addedToPatient: 'Adicionado na linha do tempo do paciente com sucesso!',
  updated: 'Atualizado com sucesso!',
  deleted: 'Excluído com sucesso!',
  empty: TIMELINE_EMPTY,
  locked: 'Seu período gratuito de 1 mês terminou.',
  notFound: 'Registro não encontrado',
  tipo: 'Escolha o tipo de registro',
  data: 'Informe a data do registro',
  dataFutura: 'A data não pode ser no futuro',
  descricao: 'Informe a descrição',
  valor: 'Informe um valor válido',
  medico_id: 'Escolha um médico da lista ou apague a escolha e digite o nome',
  painImmutable: 'Registros de dor não podem ser editados nem excluídos.',
  notAuthor: 'Somente quem criou o registro pode editá-lo.',
  local_dor: 'Escolha o local da dor',
  intensidade_dor: 'Escolha a intensidade da dor',
  anexoTipo: 'Envie imagens (JPEG, PNG ou WebP) ou PDF',
  anexosMax: 'Cada registro pode ter no máximo 10 anexos',
  anexoUm: 'Envie um arquivo por vez',
  anexoNotFound: 'Anexo não encontrado',
  anexoLink: 'Link do anexo expirado ou inválido. Abra o registro novamente.',
  patientNotFound: 'Paciente não encontrado',
  busca: 'Use no máximo 100 caracteres na busca',
  addedPending:
    'Registro enviado! Ele aparecerá na linha do tempo do paciente depois que o paciente aprovar.',
  lookupRequired: `Para adicionar um registro, leia o QR Code do paciente ou digite o código dele. A leitura vale por ${TARGET_LOOKUP_VALID_HOURS} horas.`,
  dailyLimit: `Você já adicionou ${TIMELINE_ADD_DAILY_MAX} registros hoje na linha do tempo deste paciente. Tente novamente amanhã.`,
  accepted: 'Registro aceito. Ele agora faz parte da sua linha do tempo.',
  refused: 'Registro recusado e excluído.',
  notPending: 'Este registro não está aguardando aprovação.',
  onlyPatient: 'Somente o paciente pode aceitar ou recusar este registro.',
} as const;

/**
 * The Web Push a patient gets when someone else adds a record to their
 * timeline (docs/timeline-privacy.md): it reaches the lock screen, so it
 * names neither the record nor who added it.
 */
export const TIMELINE_PUSH = {
  title: 'Linha do tempo',
  pendente: 'Um registro aguarda sua aprovação na sua linha do tempo.',
  medico: 'Um médico adicionou um registro à sua linha do tempo.',
  url: '/timeline',
} as const;

/** Most attachments a record may hold (sent at once on /timeline/add or added one by one later). */
export const TIMELINE_ANEXOS_MAX = 10;

/** Longest search term of `GET /api/timeline/items/:medico/:search`, in characters. */
export const TIMELINE_SEARCH_MAX = 100;

/** Types a person may add on /timeline/add (docs/health-record.md "Record types"): 1, 2, 3, 4, 5 and 7. */
export const TIMELINE_ADD_TIPOS = [1, 2, 3, 4, 5, 7] as const;

/** Pain locations (docs/health-record.md "Locations and levels"); only the name is sent. */
export const LOCAIS_DOR = [
  'Cabeça',
  'Ombro',
  'Braço',
  'Mãos',
  'Coxa',
  'Perna',
  'Pés',
  'Peito',
  'Abdomem',
  'Costas',
  'Joelho',
] as const;
export type LocalDor = (typeof LOCAIS_DOR)[number];

/** Pain levels (docs/health-record.md "Locations and levels"), mildest first. */
export const INTENSIDADES_DOR = ['Baixo', 'Medio', 'Moderado', 'Alta'] as const;
export type IntensidadeDor = (typeof INTENSIDADES_DOR)[number];

/** Longest description of a record. */
export const TIMELINE_DESCRICAO_MAX = 5000;

/** Largest `valor` (reais). */
export const TIMELINE_VALOR_MAX = 9_999_999.99;

/**
 * From this `valor` (reais) on, the record form asks the patient to check it
 * before saving: a consultation or an exam rarely costs that much, and
 * '15000' typed for R$ 150,00 becomes R$ 15.000,00.
 */
export const TIMELINE_VALOR_CONFERIR = 5000;

/**
 * The question under the value field for a large `valor` ('R$ 15.000,00 —
 * o valor está certo? …'), `null` below {@link TIMELINE_VALOR_CONFERIR} or
 * for a value that is not one. `formatted` is the value as the field shows it.
 */
export function valorQuestion(valor: unknown, formatted: string): string | null {
  // While typing, the mask groups thousands before any comma ('R$ 15.050'): dots there are not decimals.
  const typing = typeof valor === 'string' && /^\s*R\$/i.test(valor) && !valor.includes(',');
  const parsed = parseValor(typing ? valor.replace(/\./g, '') : valor);
  if (parsed === undefined || parsed === null || Number(parsed) < TIMELINE_VALOR_CONFERIR) return null;
  return `${formatted} — o valor está certo? Confira antes de salvar.`;
}

/**
 * A money value typed with the R$ mask or sent cleaned ('R$ 1.234,56',
 * '1234.56', 1234.56) → '1234.56' (reais, 2 decimals), blank (or 'R$ ' alone) → null.
 * Answers `undefined` when the text is not a value.
 */
export function parseValor(input: unknown): string | null | undefined {
  const b = blankToNull(input);
  if (b === null) return null;
  if (typeof b === 'number') {
    // The same bounds as typed text: past the maximum (the column is numeric(12,2)) or past cents is no value.
    const ok = Number.isFinite(b) && b >= 0 && b <= TIMELINE_VALOR_MAX && hasAtMostDecimals(b, 2);
    return ok ? b.toFixed(2) : undefined;
  }
  if (typeof b !== 'string') return undefined;
  let text = b.replace(/^R\$\s*/i, '').replace(/\s/g, '');
  // A mask left with its prefix only ('R$ ') is as blank as an empty field.
  if (text === '') return null;
  // Brazilian spelling (1.234,56) when a comma is present; else the cleaned wire form (1234.56).
  if (text.includes(',')) text = text.replace(/\./g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return undefined;
  const n = Number(text);
  return n <= TIMELINE_VALOR_MAX ? n.toFixed(2) : undefined;
}

const valor = z.preprocess((v) => {
  const parsed = parseValor(v);
  return parsed === undefined ? Symbol('invalid') : parsed;
}, z.string({ error: TIMELINE_MESSAGES.valor }).nullable());

/** A record's date: ISO `YYYY-MM-DD` or `dd/mm/aaaa`, from 1900 to today (America/Sao_Paulo). */
function recordDate(today: () => string) {
  return z.preprocess(
    (v) => {
      const b = blankToNull(v);
      if (typeof b === 'string') {
        const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(b);
        return br ? `${br[3]}-${br[2]}-${br[1]}` : b;
      }
      return b;
    },
    z
      .string({ error: TIMELINE_MESSAGES.data })
      .refine((d) => isIsoDate(d) && d >= '1900-01-01', TIMELINE_MESSAGES.data)
      .refine((d) => d <= today(), TIMELINE_MESSAGES.dataFutura),
  );
}

const optionalId = (message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === '' || v === 'null' ? null : v),
    z.coerce.number({ error: message }).int(message).positive(message).nullable(),
  );

const descricao = z.preprocess(
  blankToNull,
  z
    .string({ error: TIMELINE_MESSAGES.descricao })
    .max(TIMELINE_DESCRICAO_MAX, `Use no máximo ${TIMELINE_DESCRICAO_MAX} caracteres`),
);

/**
 * Fields shared by adding and editing (docs/api/timeline.md "Routes", PUT body: data, valor,
 * medico_id, medico_name, descricao).
 */
const editable = (today: () => string) => ({
  data: recordDate(today),
  valor,
  medico_id: optionalId(TIMELINE_MESSAGES.medico_id),
  medico_name: optionalLine(255),
  descricao,
});

/**
 * `POST /api/timeline/item` fields (multipart, strings; docs/api/timeline.md
 * "Routes"): `tipo` one of {@link TIMELINE_ADD_TIPOS}, or {@link TIPO_DOR}
 * with `local_dor` and `intensidade_dor` (the pain map); `user_id` the
 * patient whose timeline receives it when it is not the author's own. Files
 * (`anexos[]`) are checked by the server from their bytes, not here. `today`
 * is injectable for tests.
 */
export function timelineItemCreateSchema(today: () => string = () => todayInSaoPaulo()) {
  return z
    .object({
      tipo: z.coerce
        .number({ error: TIMELINE_MESSAGES.tipo })
        .int(TIMELINE_MESSAGES.tipo)
        .refine(
          (t) => (TIMELINE_ADD_TIPOS as readonly number[]).includes(t) || t === TIPO_DOR,
          TIMELINE_MESSAGES.tipo,
        ),
      ...editable(today),
      local_dor: z.preprocess(
        blankToNull,
        z.enum(LOCAIS_DOR, { error: TIMELINE_MESSAGES.local_dor }).nullable(),
      ),
      intensidade_dor: z.preprocess(
        blankToNull,
        z.enum(INTENSIDADES_DOR, { error: TIMELINE_MESSAGES.intensidade_dor }).nullable(),
      ),
      user_id: optionalId(TIMELINE_MESSAGES.patientNotFound),
    })
    .superRefine((item, ctx) => {
      if (item.tipo !== TIPO_DOR) return;
      if (!item.local_dor)
        ctx.addIssue({ code: 'custom', path: ['local_dor'], message: TIMELINE_MESSAGES.local_dor });
      if (!item.intensidade_dor)
        ctx.addIssue({
          code: 'custom',
          path: ['intensidade_dor'],
          message: TIMELINE_MESSAGES.intensidade_dor,
        });
    });
}
export const TimelineItemCreateSchema = timelineItemCreateSchema();
export type TimelineItemCreate = z.output<typeof TimelineItemCreateSchema>;

/** `PUT /api/timeline/item/:id` body (docs/api/timeline.md "Routes"). Pain records are refused by the server. */
export function timelineItemUpdateSchema(today: () => string = () => todayInSaoPaulo()) {
  return z.object(editable(today));
}
export const TimelineItemUpdateSchema = timelineItemUpdateSchema();
export type TimelineItemUpdate = z.output<typeof TimelineItemUpdateSchema>;

/**
 * Locked = trial ended, no plan and not corporate (docs/accounts.md "Trial
 * and locked accounts"; docs/health-record.md "Trial lock"): no adding or
 * editing timeline records, indicators or pain records; reading and deleting
 * stay allowed.
 */
export function isLocked(user: { trialEnded: boolean; plano: unknown; empresarial: boolean }): boolean {
  return user.trialEnded && !user.plano && !user.empresarial;
}

/** Who is acting on a record: the patient whose timeline holds it, or the account that added it. */
export type TimelineActor = 'owner' | 'author';

/**
 * What an actor may do with a record (docs/health-record.md "Viewing, editing
 * and deleting"; issue 5 "Records added by others";
 * docs/timeline-privacy.md): pain records (type 8) are never edited or
 * deleted — but the patient may always remove a third party's (T) record,
 * whatever it is; a record added by someone else is edited only by its author
 * and deleted by the patient or the author; the patient's own records are
 * theirs to edit and delete. Locked accounts may not edit (checked separately
 * with {@link isLocked}).
 */
export function timelineItemActions(
  item: { tipo: number; created_by: 'M' | 'T' | null },
  actor: TimelineActor,
): { edit: boolean; delete: boolean } {
  if (item.tipo === TIPO_DOR) return { edit: false, delete: item.created_by === 'T' && actor === 'owner' };
  if (item.created_by === null) return { edit: actor === 'owner', delete: actor === 'owner' };
  return { edit: actor === 'author', delete: true };
}
