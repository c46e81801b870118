/**
 * Telemedicine rules shared by server and web (docs/telemedicine.md: doctors,
 * requests and their payment, the chat, the unread counter). Issue 6.
 * Pure functions and constants: the server enforces them, the web shows them.
 */

/** pt-BR messages of telemedicine (docs/telemedicine.md "pt-BR texts"). */
export const TELEMEDICINA_MESSAGES = {
  accepted: 'Solicitação aceita',
  refused: 'Solicitação recusada',
  reported: 'Sua denúncia foi realizada com sucesso e iremos avaliar.',
  requested: 'Solicitação enviada',
  ended: 'Atendimento encerrado',
  inactivity: 'Atendimento encerrado devido ao tempo de inatividade.',
  noMedicos: 'Nenhum médico encontrado',
  noMedicosSearch: 'Nenhum médico encontrado.',
  bloqueado: 'médico bloqueado',
  motivo: 'Informe o motivo da solicitação',
  pass: 'Informe o passe',
  passInvalid: 'Passe inválido ou já utilizado',
  denunciaMotivo: 'Informe o motivo da denúncia',
  recusaMotivo: 'Escolha o motivo da recusa',
  content: 'Digite a mensagem',
  fileType: 'Envie uma imagem (JPEG, PNG ou WebP) ou um PDF',
  status: 'Escolha um status válido',
  noPayment:
    'Para solicitar um atendimento você precisa de um plano com consultas disponíveis, de um atendimento avulso ou de um passe do médico.',
  pendingOrActive: 'Você já tem uma solicitação em aberto com este médico.',
  blockedByMedico: 'Este médico não aceita novas solicitações suas.',
  notActive: 'Este atendimento não está em andamento.',
  notPending: 'Esta solicitação já foi respondida.',
  notOwnMessage: 'Você só pode excluir suas próprias mensagens.',
  lockedChat: 'Seu plano terminou. Assine o Meu Prontuário para continuar este atendimento.',
  notFound: 'Atendimento não encontrado',
  medicoNotFound: 'Médico não encontrado',
  mensagemNotFound: 'Mensagem não encontrada',
  notMedico: 'Esta conta não é de um médico.',
  statusUpdated: 'Status atualizado',
  blocked: 'Paciente bloqueado',
  unblocked: 'Paciente desbloqueado',
  passIssued: 'Passe gerado',
  /**
   * Thank-you dialog after a request to the support pseudo-doctor
   * (docs/telemedicine.md "After the request").
   */
  thanksSuporte: 'Obrigado pelo contato! Nossa equipe de suporte responderá em breve.',
  /** Thank-you dialog after a request to a doctor (docs/telemedicine.md "After the request"). */
  thanksMedico:
    'Obrigado! O médico foi avisado da sua solicitação. Lembre-se: o atendimento on-line não substitui a consulta presencial. Em caso de emergência, procure o hospital mais próximo ou ligue 192.',
} as const;

/**
 * Care session statuses (docs/telemedicine.md "Request states"): P aguardando, A em andamento,
 * R recusado, E encerrado, ET encerrado por inatividade.
 */
export const ATENDIMENTO_STATUS = {
  P: 'Aguardando o médico',
  A: 'Em andamento',
  R: 'Recusado',
  E: 'Encerrado',
  ET: 'Encerrado por inatividade',
} as const;
export type AtendimentoStatus = keyof typeof ATENDIMENTO_STATUS;
export const ATENDIMENTO_STATUS_VALUES = [
  'P',
  'A',
  'R',
  'E',
  'ET',
] as const satisfies readonly AtendimentoStatus[];

/** Doctor statuses (docs/telemedicine.md "Doctor status"): 2 disponível, 1 ocupado, 0 offline. */
export const MEDICO_STATUS = { 2: 'Disponível', 1: 'Ocupado', 0: 'Offline' } as const;
export type MedicoStatus = keyof typeof MEDICO_STATUS;
export const MEDICO_STATUS_VALUES = [2, 1, 0] as const satisfies readonly MedicoStatus[];

/**
 * Decline reasons (docs/telemedicine.md "Decline reasons"), as the doctor
 * chooses them and the patient reads them.
 */
export const RECUSA_MOTIVOS = {
  1: 'Não sou médico deste paciente',
  2: 'Não há consulta válida: agende uma avaliação presencial antes',
  3: 'Sem disponibilidade para novos pacientes',
} as const;
export type RecusaMotivo = keyof typeof RECUSA_MOTIVOS;
export const RECUSA_MOTIVO_VALUES = [1, 2, 3] as const satisfies readonly RecusaMotivo[];

/** Message types (docs/telemedicine.md "Messages"): T text, I image, F file (PDF). */
export const MENSAGEM_TYPES = { T: 'Texto', I: 'Imagem', F: 'Arquivo' } as const;
export type MensagemType = keyof typeof MENSAGEM_TYPES;

/** Who wrote a message (docs/telemedicine.md "Messages", `from`): U the patient (user), M the doctor. */
export type MensagemFrom = 'U' | 'M';

/** How a care request was paid for (docs/telemedicine.md "What pays, in order"; a field of Pulso's own). */
export const PAGAMENTO_ATENDIMENTO = ['suporte', 'pass', 'plano', 'credito'] as const;
export type PagamentoAtendimento = (typeof PAGAMENTO_ATENDIMENTO)[number];

/** Longest request reason, report reason, refusal comment and text message, in characters. */
export const MOTIVO_MAX = 2000;
export const RECUSA_COMENTARIO_MAX = 1000;
export const MENSAGEM_MAX = 4000;

/** Page size of the doctor search (`PUT /api/telemedicina/medicos/search`, `GET /api/telemedicina/medicos/…`). */
export const MEDICOS_PAGE_SIZE = 10;

/** Messages of a chat answered at once; older ones come with `?before=`. */
export const MENSAGENS_PAGE_SIZE = 50;

/** Page size of the doctor area's session list. */
export const ATENDIMENTOS_PAGE_SIZE = 20;

/**
 * Default hours without a message after which an A session ends as ET
 * (docs/telemedicine.md "Ending and inactivity"; a setting).
 */
export const INATIVIDADE_HORAS_PADRAO = 24;

/** Delay before the chat scrolls to the bottom after an update, in ms (docs/telemedicine.md "Constants"). */
export const CHAT_SCROLL_DELAY_MS = 300;

/**
 * Whether a patient may ask this doctor for care now (docs/telemedicine.md
 * "A doctor's profile"): not while their latest session with the doctor is P
 * or A, and never when the doctor blocked them (the button then reads
 * 'médico bloqueado').
 */
export function requestState(input: {
  latestStatus: AtendimentoStatus | null;
  bloqueado: boolean;
}): 'allowed' | 'open' | 'bloqueado' {
  if (input.bloqueado) return 'bloqueado';
  if (input.latestStatus === 'P' || input.latestStatus === 'A') return 'open';
  return 'allowed';
}

/**
 * What tapping a session opens (docs/telemedicine.md "What the patient sees of a session"): A, E, ET
 * the chat; R the refusal dialog; P nothing yet.
 */
export function sessionTarget(status: AtendimentoStatus): 'chat' | 'recusa' | 'aguardando' {
  if (status === 'R') return 'recusa';
  if (status === 'P') return 'aguardando';
  return 'chat';
}

/**
 * Messages may be sent, attached and deleted only while the session is A
 * (docs/telemedicine.md "Messages").
 */
export function canSend(status: AtendimentoStatus): boolean {
  return status === 'A';
}

/**
 * Only the author deletes a message, and only while the session is A
 * (docs/telemedicine.md "Deleting and reading").
 */
export function canDeleteMensagem(input: {
  from: MensagemFrom;
  viewer: MensagemFrom;
  status: AtendimentoStatus;
}): boolean {
  return input.from === input.viewer && canSend(input.status);
}

/** Whether a session is over (E ended by the doctor, ET ended for inactivity). */
export function isEnded(status: AtendimentoStatus): boolean {
  return status === 'E' || status === 'ET';
}

/**
 * The chat's subscription lock (docs/telemedicine.md "Subscription lock"):
 * a session paid by the plan's quota stays open to the patient only while
 * they are not locked (docs/accounts.md "Trial and locked accounts": trial
 * ended, no plan, not corporate). Sessions paid by a credit or a pass, and
 * support sessions, are never locked: they were paid for on their own.
 */
export function isChatLocked(input: { pagamento: PagamentoAtendimento; patientLocked: boolean }): boolean {
  return input.pagamento === 'plano' && input.patientLocked;
}

/** Events that move the unread counter (docs/telemedicine.md "Unread counter"). */
export type UnreadEvent = 'message.sent' | 'message.deleted' | 'message.read';

/**
 * The unread counter after an event about a message *to* the viewer: it
 * rises on message sent, falls on deleted (when it was unread) and read; it
 * never goes below 0 (docs/telemedicine.md "Unread counter").
 */
export function nextUnread(count: number, event: UnreadEvent): number {
  if (event === 'message.sent') return count + 1;
  return Math.max(0, count - 1);
}

/** Alphabet of passes: no 0/O, 1/I/L, so that a pass read aloud is typed right. */
export const PASS_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** Characters of a pass, shown `ABCD-EF23`. */
export const PASS_LENGTH = 8;

/** Canonical form of a typed pass: upper case, without spaces or hyphens; `null` when blank. */
export function normalizePass(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const canonical = value.replace(/[\s-]/g, '').toUpperCase();
  return canonical === '' ? null : canonical;
}

/** Whether a canonical pass has the right length and alphabet. */
export function isPassFormat(canonical: string): boolean {
  if (canonical.length !== PASS_LENGTH) return false;
  for (const c of canonical) if (!PASS_ALPHABET.includes(c)) return false;
  return true;
}

/** A canonical pass as shown: `ABCD-EF23`. */
export function formatPass(canonical: string): string {
  return `${canonical.slice(0, 4)}-${canonical.slice(4)}`;
}

/** Socket.IO room of a user (docs/telemedicine.md "Live updates"). */
export function userRoom(userId: number): string {
  return `user.${userId}`;
}

/** Socket.IO room of a care session (docs/telemedicine.md "Live updates"). */
export function atendimentoRoom(atendimentoId: number): string {
  return `atendimento.${atendimentoId}`;
}
