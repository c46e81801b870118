import { describe, expect, it } from 'vitest';
import {
  BloqueioSchema,
  DenunciaSchema,
  MedicoSearchSchema,
  MedicoStatusSchema,
  MensagemTextoSchema,
  RecusaSchema,
  SolicitarAtendimentoFormSchema,
  SolicitarAtendimentoSchema,
} from './schemas.ts';
import {
  TELEMEDICINA_MESSAGES as M,
  MENSAGEM_MAX,
  MOTIVO_MAX,
  RECUSA_COMENTARIO_MAX,
} from './telemedicina.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('SolicitarAtendimentoSchema (docs/telemedicine.md "The reason and the pass field")', () => {
  it('requires the motivo, trimmed and without NUL, at most 2000 characters', () => {
    expect(SolicitarAtendimentoSchema.parse({ motivo: '  Dor\u0000 de cabeça  ' })).toEqual({
      motivo: 'Dor de cabeça',
      pass: null,
    });
    for (const motivo of [undefined, '', '   ', 42]) {
      expect(messages(SolicitarAtendimentoSchema.safeParse({ motivo }))).toEqual([M.motivo]);
    }
    expect(SolicitarAtendimentoSchema.safeParse({ motivo: 'x'.repeat(MOTIVO_MAX) }).success).toBe(true);
    expect(SolicitarAtendimentoSchema.safeParse({ motivo: 'x'.repeat(MOTIVO_MAX + 1) }).success).toBe(false);
  });

  it('takes a blank pass as none and caps its length at 20', () => {
    expect(SolicitarAtendimentoSchema.parse({ motivo: 'a', pass: '  ' }).pass).toBeNull();
    expect(SolicitarAtendimentoSchema.parse({ motivo: 'a', pass: 'abcd-ef23' }).pass).toBe('abcd-ef23');
    expect(SolicitarAtendimentoSchema.safeParse({ motivo: 'a', pass: 'x'.repeat(20) }).success).toBe(true);
    expect(messages(SolicitarAtendimentoSchema.safeParse({ motivo: 'a', pass: 'x'.repeat(21) }))).toEqual([
      M.passInvalid,
    ]);
  });
});

describe('SolicitarAtendimentoFormSchema (docs/telemedicine.md "The reason and the pass field": a chosen pass is required)', () => {
  it('requires the pass only when the option is ticked', () => {
    expect(SolicitarAtendimentoFormSchema.safeParse({ motivo: 'a', usarPass: false, pass: '' }).success).toBe(
      true,
    );
    expect(
      messages(SolicitarAtendimentoFormSchema.safeParse({ motivo: 'a', usarPass: true, pass: ' ' })),
    ).toEqual([M.pass]);
    expect(
      SolicitarAtendimentoFormSchema.safeParse({ motivo: 'a', usarPass: true, pass: 'ABCD-EF23' }).success,
    ).toBe(true);
  });
});

describe('DenunciaSchema (docs/telemedicine.md "Reporting a doctor")', () => {
  it('requires the reason', () => {
    expect(messages(DenunciaSchema.safeParse({ motivo: ' ' }))).toEqual([M.denunciaMotivo]);
    expect(DenunciaSchema.parse({ motivo: ' Grosseria ' })).toEqual({ motivo: 'Grosseria' });
  });
});

describe('RecusaSchema (docs/telemedicine.md "Decline reasons")', () => {
  it('takes 1, 2 or 3 (number or digit), and an optional comment up to 1000 characters', () => {
    expect(RecusaSchema.parse({ recusado_motivo: '3', recusado_comentario: '  ' })).toEqual({
      recusado_motivo: 3,
      recusado_comentario: null,
    });
    expect(
      RecusaSchema.parse({ recusado_motivo: 1, recusado_comentario: ' Férias ' }).recusado_comentario,
    ).toBe('Férias');
    for (const recusado_motivo of [0, 4, '', 'x', 1.5, null]) {
      expect(messages(RecusaSchema.safeParse({ recusado_motivo, recusado_comentario: null }))).toEqual([
        M.recusaMotivo,
      ]);
    }
    const long = 'x'.repeat(RECUSA_COMENTARIO_MAX + 1);
    expect(RecusaSchema.safeParse({ recusado_motivo: 1, recusado_comentario: long }).success).toBe(false);
    const max = 'x'.repeat(RECUSA_COMENTARIO_MAX);
    expect(RecusaSchema.safeParse({ recusado_motivo: 1, recusado_comentario: max }).success).toBe(true);
  });
});

describe('MensagemTextoSchema', () => {
  it('requires 1 to 4000 characters after trimming', () => {
    expect(MensagemTextoSchema.parse({ type: 'T', content: ' Oi ' })).toEqual({ type: 'T', content: 'Oi' });
    expect(messages(MensagemTextoSchema.safeParse({ type: 'T', content: '  ' }))).toEqual([M.content]);
    expect(MensagemTextoSchema.safeParse({ type: 'T', content: 'x'.repeat(MENSAGEM_MAX) }).success).toBe(
      true,
    );
    expect(MensagemTextoSchema.safeParse({ type: 'T', content: 'x'.repeat(MENSAGEM_MAX + 1) }).success).toBe(
      false,
    );
    expect(MensagemTextoSchema.safeParse({ type: 'I', content: 'x' }).success).toBe(false);
  });
});

describe('MedicoStatusSchema and BloqueioSchema', () => {
  it('takes the doctor statuses 0, 1, 2 only', () => {
    expect(MedicoStatusSchema.parse({ status: '2' })).toEqual({ status: 2 });
    expect(MedicoStatusSchema.parse({ status: 0 })).toEqual({ status: 0 });
    for (const status of [3, -1, '10', 'x']) {
      expect(messages(MedicoStatusSchema.safeParse({ status }))).toEqual([M.status]);
    }
  });

  it('takes a boolean bloqueado', () => {
    expect(BloqueioSchema.parse({ bloqueado: true })).toEqual({ bloqueado: true });
    expect(BloqueioSchema.safeParse({ bloqueado: 'true' }).success).toBe(false);
  });
});

describe('MedicoSearchSchema (docs/telemedicine.md "Finding a doctor")', () => {
  it('turns blanks into null, numeric strings into ids, and defaults skip to 0', () => {
    expect(MedicoSearchSchema.parse({})).toEqual({
      cidade: null,
      clinica: null,
      especialidade: null,
      nome: null,
      skip: 0,
    });
    expect(
      MedicoSearchSchema.parse({
        cidade: '3550308',
        clinica: '',
        especialidade: 4,
        nome: ' Ana ',
        skip: '10',
      }),
    ).toEqual({
      cidade: 3550308,
      clinica: null,
      especialidade: 4,
      nome: 'Ana',
      skip: 10,
    });
    expect(MedicoSearchSchema.safeParse({ skip: -1 }).success).toBe(false);
    expect(MedicoSearchSchema.safeParse({ cidade: 0 }).success).toBe(false);
    expect(MedicoSearchSchema.safeParse({ nome: 'x'.repeat(101) }).success).toBe(false);
  });
});
