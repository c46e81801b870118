import { describe, expect, it } from 'vitest';
import {
  choosePagamento,
  type PagamentoPrevisto,
  pagamentoPrevisto,
  pagamentoPrevistoText,
  planQuota,
} from './pagamento.ts';
import {
  ATENDIMENTO_STATUS,
  ATENDIMENTO_STATUS_VALUES,
  type AtendimentoStatus,
  atendimentoRoom,
  canDeleteMensagem,
  canSend,
  formatPass,
  INATIVIDADE_HORAS_PADRAO,
  isChatLocked,
  isEnded,
  isPassFormat,
  MEDICO_STATUS,
  nextUnread,
  normalizePass,
  PAGAMENTO_ATENDIMENTO,
  PASS_ALPHABET,
  PASS_LENGTH,
  RECUSA_MOTIVOS,
  requestState,
  sessionTarget,
  TELEMEDICINA_MESSAGES,
  userRoom,
} from './telemedicina.ts';

const ALL = ATENDIMENTO_STATUS_VALUES;

describe('TELEMEDICINA_MESSAGES', () => {
  it('carries the messages verbatim (docs/telemedicine.md "pt-BR texts")', () => {
    expect(TELEMEDICINA_MESSAGES.accepted).toBe('Solicitação aceita');
    expect(TELEMEDICINA_MESSAGES.refused).toBe('Solicitação recusada');
    expect(TELEMEDICINA_MESSAGES.reported).toBe('Sua denúncia foi realizada com sucesso e iremos avaliar.');
    expect(TELEMEDICINA_MESSAGES.inactivity).toBe('Atendimento encerrado devido ao tempo de inatividade.');
    expect(TELEMEDICINA_MESSAGES.noMedicos).toBe('Nenhum médico encontrado');
    expect(TELEMEDICINA_MESSAGES.noMedicosSearch).toBe('Nenhum médico encontrado.');
    expect(TELEMEDICINA_MESSAGES.bloqueado).toBe('médico bloqueado');
  });
});

describe('enumerations (docs/telemedicine.md)', () => {
  it('has the five session statuses, the three doctor statuses and the three decline reasons', () => {
    expect(Object.keys(ATENDIMENTO_STATUS)).toEqual(['P', 'A', 'R', 'E', 'ET']);
    expect(ALL).toEqual(['P', 'A', 'R', 'E', 'ET']);
    expect(MEDICO_STATUS).toEqual({ 2: 'Disponível', 1: 'Ocupado', 0: 'Offline' });
    expect(Object.keys(RECUSA_MOTIVOS)).toEqual(['1', '2', '3']);
    expect(PAGAMENTO_ATENDIMENTO).toEqual(['suporte', 'pass', 'plano', 'credito']);
    expect(INATIVIDADE_HORAS_PADRAO).toBe(24);
  });
});

describe('planQuota (docs/telemedicine.md "What pays, in order")', () => {
  it('gives a type-1 plan one session a month or 12 a year, and nothing otherwise', () => {
    expect(planQuota({ type: 1, periodo: 'M' })).toBe(1);
    expect(planQuota({ type: 1, periodo: 'A' })).toBe(12);
    expect(planQuota({ type: 0, periodo: 'M' })).toBe(0);
    expect(planQuota({ type: 2, periodo: 'A' })).toBe(0);
    expect(planQuota(null)).toBe(0);
  });
});

describe('choosePagamento (docs/telemedicine.md "What pays, in order")', () => {
  const none = { suporte: false, pass: null, quotaLeft: 0, hasCredit: false };

  it('asks nothing of the support pseudo-doctor, whatever else is there', () => {
    expect(choosePagamento({ ...none, suporte: true })).toBe('suporte');
    expect(choosePagamento({ suporte: true, pass: 'ABCD2345', quotaLeft: 1, hasCredit: true })).toBe(
      'suporte',
    );
  });

  it('uses a typed pass before the plan and the credit', () => {
    expect(choosePagamento({ ...none, pass: 'ABCD2345', quotaLeft: 1, hasCredit: true })).toBe('pass');
  });

  it('uses the plan quota (from 1 left) before a credit', () => {
    expect(choosePagamento({ ...none, quotaLeft: 1, hasCredit: true })).toBe('plano');
    expect(choosePagamento({ ...none, quotaLeft: 0, hasCredit: true })).toBe('credito');
  });

  it('answers null when nothing pays', () => {
    expect(choosePagamento(none)).toBeNull();
    expect(choosePagamento({ ...none, quotaLeft: -1 })).toBeNull();
  });
});

describe('pagamentoPrevisto and its sentence (docs/api/telemedicina.md "What a request will use")', () => {
  it('follows choosePagamento without a pass: support, then the plan, then a credit, else nothing', () => {
    expect(pagamentoPrevisto({ suporte: true, quotaLeft: 0, credits: 0 }).forma).toBe('suporte');
    expect(pagamentoPrevisto({ suporte: false, quotaLeft: 1, credits: 3 })).toEqual({
      forma: 'plano',
      plano_restantes: 1,
      creditos: 3,
    });
    expect(pagamentoPrevisto({ suporte: false, quotaLeft: 0, credits: 1 }).forma).toBe('credito');
    expect(pagamentoPrevisto({ suporte: false, quotaLeft: 0, credits: 0 }).forma).toBeNull();
  });

  it('says what the request uses, in the singular and the plural, and nothing for support', () => {
    const text = (forma: PagamentoPrevisto['forma'], left: number, creditos: number) =>
      pagamentoPrevistoText({ forma, plano_restantes: left, creditos });
    expect(text('suporte', 0, 0)).toBeNull();
    expect(text('plano', 1, 0)).toBe('Seu plano cobre este atendimento (resta 1 consulta no período).');
    expect(text('plano', 12, 0)).toBe('Seu plano cobre este atendimento (restam 12 consultas no período).');
    expect(text('credito', 0, 1)).toBe(
      'Este atendimento usará 1 dos seus atendimentos avulsos (você tem 1).',
    );
    expect(text('credito', 0, 2)).toBe(
      'Este atendimento usará 1 dos seus atendimentos avulsos (você tem 2).',
    );
    expect(text(null, 0, 0)).toBe(
      'Para solicitar, você precisa de um plano com consultas disponíveis, de um atendimento avulso ou de um passe deste médico.',
    );
  });
});

describe('requestState (docs/telemedicine.md "A doctor\'s profile")', () => {
  it('refuses while the latest session is P or A, allows after R, E, ET or none', () => {
    const expected: Record<AtendimentoStatus, string> = {
      P: 'open',
      A: 'open',
      R: 'allowed',
      E: 'allowed',
      ET: 'allowed',
    };
    for (const status of ALL)
      expect(requestState({ latestStatus: status, bloqueado: false })).toBe(expected[status]);
    expect(requestState({ latestStatus: null, bloqueado: false })).toBe('allowed');
  });

  it('reads bloqueado whenever the doctor blocked the patient, even with an open session', () => {
    for (const status of [...ALL, null])
      expect(requestState({ latestStatus: status, bloqueado: true })).toBe('bloqueado');
  });
});

describe('sessionTarget (docs/telemedicine.md "What the patient sees of a session")', () => {
  it('opens the chat for A, E, ET, the refusal for R and nothing yet for P', () => {
    expect(ALL.map(sessionTarget)).toEqual(['aguardando', 'chat', 'recusa', 'chat', 'chat']);
  });
});

describe('canSend, isEnded (docs/telemedicine.md "Messages")', () => {
  it('sends only in A; E and ET are ended', () => {
    expect(ALL.filter(canSend)).toEqual(['A']);
    expect(ALL.filter(isEnded)).toEqual(['E', 'ET']);
  });
});

describe('canDeleteMensagem (docs/telemedicine.md "Deleting and reading")', () => {
  it('lets only the author delete, only while A', () => {
    for (const status of ALL) {
      for (const from of ['U', 'M'] as const) {
        for (const viewer of ['U', 'M'] as const) {
          expect(canDeleteMensagem({ from, viewer, status })).toBe(from === viewer && status === 'A');
        }
      }
    }
  });
});

describe('isChatLocked (docs/telemedicine.md "Subscription lock")', () => {
  it('locks only plan-paid sessions of a locked patient', () => {
    for (const pagamento of PAGAMENTO_ATENDIMENTO) {
      expect(isChatLocked({ pagamento, patientLocked: true })).toBe(pagamento === 'plano');
      expect(isChatLocked({ pagamento, patientLocked: false })).toBe(false);
    }
  });
});

describe('nextUnread (docs/telemedicine.md "Unread counter")', () => {
  it('rises on sent, falls on deleted and read, never below 0', () => {
    expect(nextUnread(0, 'message.sent')).toBe(1);
    expect(nextUnread(1, 'message.read')).toBe(0);
    expect(nextUnread(2, 'message.deleted')).toBe(1);
    expect(nextUnread(0, 'message.read')).toBe(0);
    expect(nextUnread(0, 'message.deleted')).toBe(0);
  });
});

describe('passes (docs/telemedicine.md "Passes")', () => {
  it('normalizes spaces, hyphens and case; blank is null', () => {
    expect(normalizePass(' abcd-ef23 ')).toBe('ABCDEF23');
    expect(normalizePass('AB CD EF 23')).toBe('ABCDEF23');
    expect(normalizePass('')).toBeNull();
    expect(normalizePass(' - ')).toBeNull();
    expect(normalizePass(null)).toBeNull();
    expect(normalizePass(undefined)).toBeNull();
  });

  it('accepts exactly 8 characters of the alphabet without 0, O, 1, I, L', () => {
    expect(PASS_LENGTH).toBe(8);
    expect(isPassFormat('ABCDEF23')).toBe(true);
    expect(isPassFormat('ABCDEF2')).toBe(false);
    expect(isPassFormat('ABCDEF234')).toBe(false);
    for (const c of ['0', 'O', '1', 'I', 'L', 'a', '-']) {
      expect(PASS_ALPHABET.includes(c)).toBe(false);
      expect(isPassFormat(`ABCDEF2${c}`)).toBe(false);
    }
  });

  it('shows a pass as ABCD-EF23', () => {
    expect(formatPass('ABCDEF23')).toBe('ABCD-EF23');
    expect(normalizePass(formatPass('ABCDEF23'))).toBe('ABCDEF23');
  });
});

describe('rooms (docs/telemedicine.md "Live updates")', () => {
  it('names the user and session rooms', () => {
    expect(userRoom(7)).toBe('user.7');
    expect(atendimentoRoom(12)).toBe('atendimento.12');
  });
});
