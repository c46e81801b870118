import { describe, expect, it } from 'vitest';
import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_PDF_BYTES,
  MAX_UPLOAD_BYTES,
  PDF_TOO_LARGE_MESSAGE,
} from '../shared/files.ts';
import { TIPO_DOR } from './labels.ts';
import {
  INTENSIDADES_DOR,
  isLocked,
  LOCAIS_DOR,
  parseValor,
  TIMELINE_ADD_DAILY_MAX,
  TIMELINE_ADD_TIPOS,
  TIMELINE_ANEXOS_MAX,
  TIMELINE_MESSAGES,
  TIMELINE_PUSH,
  TIMELINE_SEARCH_MAX,
  TIMELINE_VALOR_CONFERIR,
  TIMELINE_VALOR_MAX,
  timelineItemActions,
  timelineItemCreateSchema,
  timelineItemUpdateSchema,
  valorQuestion,
} from './records.ts';
import {
  AnexoViewSchema,
  TimelineItemAnswerSchema,
  TimelineItemViewSchema,
  TimelinePageSchema,
  TimelineTargetUserSchema,
} from './views.ts';

const today = () => '2025-06-15';
const create = timelineItemCreateSchema(today);
const update = timelineItemUpdateSchema(today);

/** The field errors of a failed parse, `{field: [messages]}`. */
function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.map(String).join('.');
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

const VALID = {
  tipo: '1',
  data: '2025-06-01',
  valor: 'R$ 150,00',
  medico_id: '',
  medico_name: 'Dra. Ana',
  descricao: 'Consulta de rotina',
};

describe('valorQuestion', () => {
  it('asks to check a value from TIMELINE_VALOR_CONFERIR (R$ 5.000,00) on, as the field shows it', () => {
    expect(TIMELINE_VALOR_CONFERIR).toBe(5000);
    expect(valorQuestion('R$ 15.000,00', 'R$ 15.000,00')).toBe(
      'R$ 15.000,00 — o valor está certo? Confira antes de salvar.',
    );
    expect(valorQuestion('R$ 5.000,00', 'R$ 5.000,00')).not.toBeNull();
    expect(valorQuestion(5000, 'R$ 5.000,00')).not.toBeNull();
    // While typing, before the mask adds the cents: '15050' shows as 'R$ 15.050'.
    expect(valorQuestion('R$ 15.050', 'R$ 15.050')).toBe(
      'R$ 15.050 — o valor está certo? Confira antes de salvar.',
    );
    expect(valorQuestion('R$ 1.500', 'R$ 1.500')).toBeNull();
  });

  it('asks nothing below it, for a blank field or for text that is no value', () => {
    expect(valorQuestion('R$ 4.999,99', 'R$ 4.999,99')).toBeNull();
    expect(valorQuestion('R$ 150,00', 'R$ 150,00')).toBeNull();
    for (const blank of ['', 'R$ ', null, undefined, 'abc']) expect(valorQuestion(blank, '')).toBeNull();
  });
});

describe('parseValor', () => {
  it.each([
    ['R$ 1.234,56', '1234.56'],
    ['r$1.234,5', '1234.50'],
    ['1234.56', '1234.56'],
    ['1234', '1234.00'],
    ['0', '0.00'],
    ['0,99', '0.99'],
    [' 12,3 ', '12.30'],
    ['R$ 9.999.999,99', '9999999.99'],
    [1234.5, '1234.50'],
    [0, '0.00'],
  ])('reads %j as %j (reais, 2 decimals)', (input, expected) => {
    expect(parseValor(input)).toBe(expected);
  });

  it.each([[''], ['   '], [null], [undefined], ['R$ ']])('reads blank %j as null', (input) => {
    expect(parseValor(input)).toBeNull();
  });

  it.each([
    ['abc'],
    ['12.345'],
    ['1,2,3'],
    ['-5'],
    [-5],
    ['1e3'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    ['10.000.000,00'],
    [{}],
    [true],
  ])('refuses %j', (input) => {
    expect(parseValor(input)).toBeUndefined();
  });

  it('caps at TIMELINE_VALOR_MAX', () => {
    expect(parseValor(String(TIMELINE_VALOR_MAX))).toBe('9999999.99');
    expect(parseValor('10000000')).toBeUndefined();
  });

  it('bounds a value sent as a number like one typed (the column is numeric(12,2); issue 15)', () => {
    expect(parseValor(TIMELINE_VALOR_MAX)).toBe('9999999.99');
    for (const n of [1e308, 99999999999, 10_000_000, 1.234, Number.MAX_SAFE_INTEGER]) {
      expect(parseValor(n), String(n)).toBeUndefined();
    }
  });
});

describe('timelineItemCreateSchema', () => {
  it('parses the multipart strings of a record', () => {
    expect(create.parse(VALID)).toEqual({
      tipo: 1,
      data: '2025-06-01',
      valor: '150.00',
      medico_id: null,
      medico_name: 'Dra. Ana',
      descricao: 'Consulta de rotina',
      local_dor: null,
      intensidade_dor: null,
      user_id: null,
    });
  });

  it('takes dd/mm/aaaa, a doctor id and another patient id', () => {
    expect(create.parse({ ...VALID, data: '01/06/2025', medico_id: '12', user_id: '7' })).toMatchObject({
      data: '2025-06-01',
      medico_id: 12,
      user_id: 7,
    });
    expect(create.parse({ ...VALID, medico_id: 'null', user_id: '' })).toMatchObject({
      medico_id: null,
      user_id: null,
    });
  });

  it('accepts the add types and the pain type only', () => {
    for (const tipo of [...TIMELINE_ADD_TIPOS])
      expect(create.safeParse({ ...VALID, tipo }).success).toBe(true);
    for (const tipo of ['6', '9', '0', '1.5', 'x', '']) {
      expect(errorsOf(create.safeParse({ ...VALID, tipo }))).toEqual({ tipo: [TIMELINE_MESSAGES.tipo] });
    }
  });

  it('requires a real date from 1900 to today', () => {
    expect(errorsOf(create.safeParse({ ...VALID, data: '' }))).toEqual({ data: [TIMELINE_MESSAGES.data] });
    expect(errorsOf(create.safeParse({ ...VALID, data: '2025-02-30' }))).toEqual({
      data: [TIMELINE_MESSAGES.data],
    });
    expect(errorsOf(create.safeParse({ ...VALID, data: '1899-12-31' }))).toEqual({
      data: [TIMELINE_MESSAGES.data],
    });
    expect(errorsOf(create.safeParse({ ...VALID, data: '2025-06-16' }))).toEqual({
      data: [TIMELINE_MESSAGES.dataFutura],
    });
    expect(create.safeParse({ ...VALID, data: '2025-06-15' }).success).toBe(true);
  });

  it('requires a description of at most 5000 characters and a valid valor', () => {
    expect(errorsOf(create.safeParse({ ...VALID, descricao: ' ' }))).toEqual({
      descricao: [TIMELINE_MESSAGES.descricao],
    });
    expect(create.safeParse({ ...VALID, descricao: 'x'.repeat(5001) }).success).toBe(false);
    expect(errorsOf(create.safeParse({ ...VALID, valor: 'dez' }))).toEqual({
      valor: [TIMELINE_MESSAGES.valor],
    });
    expect(create.parse({ ...VALID, valor: '' }).valor).toBeNull();
  });

  it('refuses a non-positive doctor or patient id', () => {
    expect(errorsOf(create.safeParse({ ...VALID, medico_id: '0' }))).toEqual({
      medico_id: [TIMELINE_MESSAGES.medico_id],
    });
    expect(errorsOf(create.safeParse({ ...VALID, user_id: '-3' }))).toEqual({
      user_id: [TIMELINE_MESSAGES.patientNotFound],
    });
  });

  it('requires a pain location and level from the lists on a pain record (type 8)', () => {
    const pain = { ...VALID, tipo: String(TIPO_DOR), valor: '0', medico_name: '' };
    expect(errorsOf(create.safeParse(pain))).toEqual({
      local_dor: [TIMELINE_MESSAGES.local_dor],
      intensidade_dor: [TIMELINE_MESSAGES.intensidade_dor],
    });
    expect(create.parse({ ...pain, local_dor: 'Cabeça', intensidade_dor: 'Moderado' })).toMatchObject({
      tipo: 8,
      valor: '0.00',
      local_dor: 'Cabeça',
      intensidade_dor: 'Moderado',
    });
    expect(errorsOf(create.safeParse({ ...pain, local_dor: 'cabeca', intensidade_dor: 'Alta' }))).toEqual({
      local_dor: [TIMELINE_MESSAGES.local_dor],
    });
    expect(LOCAIS_DOR).toHaveLength(11);
    expect(INTENSIDADES_DOR).toEqual(['Baixo', 'Medio', 'Moderado', 'Alta']);
  });
});

describe('timelineItemUpdateSchema', () => {
  it('takes the editable fields only (data, valor, medico_id, medico_name, descricao)', () => {
    expect(update.parse({ ...VALID, tipo: '8', user_id: '3' })).toEqual({
      data: '2025-06-01',
      valor: '150.00',
      medico_id: null,
      medico_name: 'Dra. Ana',
      descricao: 'Consulta de rotina',
    });
    expect(update.parse({ ...VALID, medico_id: 4, valor: 10 })).toMatchObject({
      medico_id: 4,
      valor: '10.00',
    });
  });

  it('answers the same pt-BR errors as adding', () => {
    expect(errorsOf(update.safeParse({ data: '2030-01-01', valor: 'x', descricao: '' }))).toEqual({
      data: [TIMELINE_MESSAGES.dataFutura],
      valor: [TIMELINE_MESSAGES.valor],
      descricao: [TIMELINE_MESSAGES.descricao],
    });
  });
});

describe('isLocked', () => {
  it('locks only after the trial, without a plan and when not corporate', () => {
    expect(isLocked({ trialEnded: true, plano: null, empresarial: false })).toBe(true);
    expect(isLocked({ trialEnded: false, plano: null, empresarial: false })).toBe(false);
    expect(isLocked({ trialEnded: true, plano: { type: 1, periodo: 'M' }, empresarial: false })).toBe(false);
    expect(isLocked({ trialEnded: true, plano: null, empresarial: true })).toBe(false);
  });
});

describe('timelineItemActions', () => {
  it("lets the owner edit and delete their own records, and nobody else's action count", () => {
    expect(timelineItemActions({ tipo: 1, created_by: null }, 'owner')).toEqual({ edit: true, delete: true });
    expect(timelineItemActions({ tipo: 1, created_by: null }, 'author')).toEqual({
      edit: false,
      delete: false,
    });
  });

  it('lets only the author edit a record others added, and both delete it', () => {
    for (const by of ['M', 'T'] as const) {
      expect(timelineItemActions({ tipo: 2, created_by: by }, 'owner')).toEqual({
        edit: false,
        delete: true,
      });
      expect(timelineItemActions({ tipo: 2, created_by: by }, 'author')).toEqual({
        edit: true,
        delete: true,
      });
    }
  });

  it('never edits or deletes a pain record, but the patient may remove a third party’s', () => {
    for (const by of [null, 'M', 'T'] as const) {
      for (const actor of ['owner', 'author'] as const) {
        expect(timelineItemActions({ tipo: TIPO_DOR, created_by: by }, actor)).toEqual({
          edit: false,
          delete: by === 'T' && actor === 'owner',
        });
      }
    }
  });
});

describe('records added by others (docs/timeline-privacy.md)', () => {
  it('caps additions at 10 per adder, patient and day, and says so with the number', () => {
    expect(TIMELINE_ADD_DAILY_MAX).toBe(10);
    expect(TIMELINE_MESSAGES.dailyLimit).toBe(
      'Você já adicionou 10 registros hoje na linha do tempo deste paciente. Tente novamente amanhã.',
    );
    expect(TIMELINE_MESSAGES.lookupRequired).toContain('24 horas');
  });

  it('keeps the lock screen free of health data', () => {
    for (const text of [TIMELINE_PUSH.title, TIMELINE_PUSH.pendente, TIMELINE_PUSH.medico]) {
      expect(text).not.toMatch(/exame|resultado|receita|HIV|diagn/i);
    }
    expect(TIMELINE_PUSH.url).toBe('/timeline');
  });
});

describe('answer schemas', () => {
  const anexo = {
    id: 3,
    path: 'timeline/0123456789abcdef0123456789abcdef.pdf',
    url: '/api/timeline/anexo/3/1767225600/abc',
    name: 'Laudo.pdf',
    mime: 'application/pdf',
    size: 2048,
  };
  const item = {
    id: 1,
    tipo: 1,
    data: '2025-06-01',
    descricao: 'Consulta',
    valor: '150.00',
    medico_id: null,
    medico_name: 'Dra. Ana',
    anexos: [anexo],
    created_by: 'M',
    terceiro: { name: 'Helena Prado' },
    atendimento_id: null,
    local_dor: null,
    intensidade_dor: null,
    pendente: false,
  };

  it('parses an attachment with its name and a record with its author', () => {
    expect(AnexoViewSchema.parse(anexo)).toEqual(anexo);
    expect(AnexoViewSchema.safeParse({ ...anexo, name: undefined }).success).toBe(false);
    expect(TimelineItemViewSchema.parse(item)).toEqual(item);
    expect(TimelineItemViewSchema.safeParse({ ...item, created_by: 'X' }).success).toBe(false);
    expect(TimelineItemViewSchema.safeParse({ ...item, tipo: 10 }).success).toBe(false);
  });

  it('shapes the page and the record answers around the caller', () => {
    const page = TimelinePageSchema.shape;
    expect(Object.keys(page)).toEqual(['user', 'timelineItems', 'total']);
    expect(Object.keys(TimelineItemAnswerSchema.shape)).toEqual(['user', 'timelineItem', 'role']);
    expect(TimelineItemAnswerSchema.shape.role.options).toEqual(['owner', 'author']);
    expect(page.total.safeParse(-1).success).toBe(false);
  });

  it('answers only the minimal fields of the target patient', () => {
    const target = { id: 9, name: 'Beatriz Moura', avatar: null, code: '123AB456' };
    expect(TimelineTargetUserSchema.parse({ ...target, email: 'b@exemplo.com', geral: {} })).toEqual(target);
  });
});

describe('limits', () => {
  it('caps attachments at 10 per record, 2 MB per image and 10 MB per PDF, and terms at 100 characters', () => {
    expect(TIMELINE_ANEXOS_MAX).toBe(10);
    expect(MAX_UPLOAD_BYTES).toBe(2 * 1024 * 1024);
    expect(MAX_PDF_BYTES).toBe(10 * 1024 * 1024);
    expect(FILE_TOO_LARGE_MESSAGE).toBe('O arquivo deve ter no máximo 2MB');
    expect(PDF_TOO_LARGE_MESSAGE).toBe('O arquivo deve ter no máximo 10MB');
    expect(TIMELINE_SEARCH_MAX).toBe(100);
  });
});
