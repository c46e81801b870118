import type {
  AtendimentoChat,
  AtendimentoView,
  MedicoView,
  MensagemView,
  PacienteResumo,
  UserView,
} from '@pulso/domain';
import { makeUserView } from './users.ts';

/**
 * Wire shapes of telemedicine for web tests (`@pulso/domain` telemedicina
 * schemas), each with plausible defaults a test overrides.
 */

/** A listable doctor (Fernanda Lima, Pediatria, Belo Horizonte, disponível, verified). */
export function makeMedico(id: number, overrides: Partial<MedicoView> = {}): MedicoView {
  return {
    id,
    name: 'Fernanda Gonçalves Lima',
    avatar: null,
    especialidade: 'Pediatria',
    especialidades: ['Pediatria'],
    cidade: { id: 3106200, descricao: 'Belo Horizonte - MG' },
    cidade_descricao: 'Belo Horizonte - MG',
    clinicas: [{ id: 5, nome: 'Clínica Pediátrica Savassi' }],
    crms: [{ numero: '58341', uf: 'MG' }],
    status: 2,
    bloqueado: false,
    suporte: false,
    verificado: true,
    mensagens_novas: 0,
    ...overrides,
  };
}

/** The support pseudo-doctor. */
export function makeSuporte(id = 1, overrides: Partial<MedicoView> = {}): MedicoView {
  return makeMedico(id, {
    name: 'Suporte Pulso',
    especialidade: null,
    especialidades: [],
    cidade: null,
    cidade_descricao: null,
    clinicas: [],
    crms: [],
    suporte: true,
    ...overrides,
  });
}

/** The patient of a session as the doctor sees it (Ana Souza, user 1). */
export function makePaciente(overrides: Partial<PacienteResumo> = {}): PacienteResumo {
  return { id: 1, name: 'Ana Souza', avatar: null, code: '123AB456', bloqueado: false, ...overrides };
}

/** A session (status A unless overridden) between Ana Souza and `medico`. */
export function makeAtendimento(
  id: number,
  overrides: Partial<AtendimentoView> = {},
  medico: MedicoView = makeMedico(7),
): AtendimentoView {
  return {
    id,
    status: 'A',
    created_at: '2026-03-10T13:05:00.000Z',
    updated_at: '2026-03-10T13:05:00.000Z',
    accepted_at: '2026-03-10T13:30:00.000Z',
    ended_at: null,
    motivo: 'Febre alta há dois dias e dor de garganta.',
    pass: false,
    pagamento: 'credito',
    mensagens_count: 0,
    mensagens_novas: 0,
    recusado_motivo: null,
    recusado_comentario: null,
    medico,
    paciente: makePaciente(),
    ...overrides,
  };
}

/** A text message of session `atendimentoId` (from the doctor unless overridden), unread. */
export function makeMensagem(id: number, overrides: Partial<MensagemView> = {}): MensagemView {
  return {
    id,
    atendimento_id: 40,
    from: 'M',
    type: 'T',
    content: `Mensagem ${id}`,
    url: null,
    size: null,
    created_at: '2026-03-10T14:00:00.000Z',
    read_at: null,
    ...overrides,
  };
}

/** The chat of session 40 as its patient sees it, unless overridden. */
export function makeChat(
  overrides: Partial<AtendimentoChat> = {},
  user: UserView = makeUserView(),
): AtendimentoChat {
  const medico = makeMedico(7);
  return {
    user,
    medico,
    paciente: makePaciente(),
    atendimento: makeAtendimento(40, {}, medico),
    mensagens: [],
    has_more: false,
    lock: false,
    role: 'paciente',
    ...overrides,
  };
}
