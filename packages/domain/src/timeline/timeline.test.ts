import { describe, expect, it } from 'vitest';
import {
  concorda,
  TIMELINE_PREVIEW_LENGTH,
  TIMELINE_TIPOS,
  timelineAuthorLine,
  timelinePreview,
} from './labels.ts';
import { PublicTimelineItemSchema, TIMELINE_PAGE_SIZE } from './timeline.ts';

/** `n` characters of a repeating pt-BR text, none of them a space at the ends. */
const text = (n: number) => 'abcdefghij'.repeat(10).slice(0, n);

describe('TIMELINE_TIPOS', () => {
  it('has types 1..9 with the labels of docs/health-record.md "Record types"', () => {
    expect(TIMELINE_TIPOS).toEqual({
      1: 'Consulta',
      2: 'Exame',
      3: 'Resultado de Exame',
      4: 'Receita',
      5: 'Fast Note',
      6: 'Atendimento',
      7: 'Vacina',
      8: 'Registro de Dor',
      9: 'Encaminhamento',
    });
    expect(Object.keys(TIMELINE_TIPOS).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('pages 20 items at a time', () => {
    expect(TIMELINE_PAGE_SIZE).toBe(20);
  });
});

describe('timelinePreview', () => {
  it('is 50 characters long (docs/health-record.md "The list")', () => {
    expect(TIMELINE_PREVIEW_LENGTH).toBe(50);
  });

  it('keeps 49 and 50 characters whole, without an ellipsis', () => {
    expect(timelinePreview(text(49))).toBe(text(49));
    expect(timelinePreview(text(50))).toBe(text(50));
  });

  it('cuts 51 characters to 50 and adds an ellipsis', () => {
    expect(timelinePreview(text(51))).toBe(`${text(50)}…`);
    expect(timelinePreview(text(100))).toBe(`${text(50)}…`);
  });

  it('keeps an empty or blank description empty', () => {
    expect(timelinePreview('')).toBe('');
    expect(timelinePreview('   \n ')).toBe('');
  });

  it('ignores surrounding spaces when counting', () => {
    expect(timelinePreview(`   ${text(50)}   `)).toBe(text(50));
    expect(timelinePreview(`\n\t${text(49)} \n`)).toBe(text(49));
    expect(timelinePreview(`  ${text(51)}  `)).toBe(`${text(50)}…`);
  });

  it('does not leave a space before the ellipsis when the cut falls after one', () => {
    const description = `${text(49)} continua depois do corte`;
    expect(timelinePreview(description)).toBe(`${text(49)}…`);
  });

  it('counts an accented letter as one character', () => {
    const accented = 'Receita de dipirona após a consulta, não esquecer!'; // 50 characters
    expect([...accented]).toHaveLength(50);
    expect(accented.length).toBe(50);
    expect(timelinePreview(accented)).toBe(accented);
    expect(timelinePreview(`${accented}x`)).toBe(`${accented}…`);
  });

  it('counts an emoji as one character, not as two UTF-16 units', () => {
    const emoji = `${text(48)}😷💊`; // 50 characters, 52 UTF-16 units
    expect(emoji.length).toBe(52);
    expect(timelinePreview(emoji)).toBe(emoji);
    expect(timelinePreview(`${emoji}!`)).toBe(`${emoji}…`);
    expect(timelinePreview('💉'.repeat(51))).toBe(`${'💉'.repeat(50)}…`);
  });

  it('never splits an emoji into a lone surrogate', () => {
    const preview = timelinePreview(`${text(49)}😷😷`);
    expect(preview).toBe(`${text(49)}😷…`);
    expect(() => encodeURIComponent(preview)).not.toThrow();
  });

  it('counts a letter with a combining accent as one character and keeps the accent', () => {
    const decomposed = 'e\u0301'; // é as typed on some keyboards: 2 code points, 1 character
    const description = `${text(49)}${decomposed}${text(10)}`;
    expect(timelinePreview(description)).toBe(`${text(49)}${decomposed}…`);
    expect(timelinePreview(`${text(49)}${decomposed}`)).toBe(`${text(49)}${decomposed}`);
  });

  it('counts a flag or a composed emoji as one character and never cuts it in half', () => {
    const brasil = '🇧🇷'; // 2 code points
    const family = '👨‍👩‍👧'; // 5 code points joined
    expect(timelinePreview(`${text(49)}${brasil}`)).toBe(`${text(49)}${brasil}`);
    expect(timelinePreview(`${text(49)}${brasil}${text(5)}`)).toBe(`${text(49)}${brasil}…`);
    expect(timelinePreview(`${text(49)}${family}${text(5)}`)).toBe(`${text(49)}${family}…`);
    expect(timelinePreview(`${text(49)}👍🏽 ok`)).toBe(`${text(49)}👍🏽…`);
  });
});

describe('timelineAuthorLine', () => {
  it("reads 'Por. Dr. {name}' for a doctor (M)", () => {
    expect(timelineAuthorLine({ created_by: 'M', terceiro: { name: 'Ana Souza' } })).toBe(
      'Por. Dr. Ana Souza',
    );
  });

  it("reads 'Por. {name}' for a third party (T)", () => {
    expect(timelineAuthorLine({ created_by: 'T', terceiro: { name: 'João Silva' } })).toBe('Por. João Silva');
  });

  it('has no line for the patient (null)', () => {
    expect(timelineAuthorLine({ created_by: null, terceiro: null })).toBeNull();
    expect(timelineAuthorLine({ created_by: null, terceiro: { name: 'Maria' } })).toBeNull();
  });

  it('has no line when the author is unknown (deleted account)', () => {
    expect(timelineAuthorLine({ created_by: 'M', terceiro: null })).toBeNull();
    expect(timelineAuthorLine({ created_by: 'T', terceiro: null })).toBeNull();
  });
});

describe('PublicTimelineItemSchema', () => {
  const item = {
    id: 12,
    tipo: 1,
    data: '2025-06-10',
    descricao: 'Consulta de rotina',
    valor: '150.00',
    medico_name: 'Dra. Ana Souza',
    created_by: null,
    terceiro: null,
    local_dor: null,
    intensidade_dor: null,
  };

  it('parses a patient item and an item added by a doctor', () => {
    expect(PublicTimelineItemSchema.parse(item)).toEqual(item);
    const byDoctor = { ...item, created_by: 'M', terceiro: { name: 'Ana Souza' } };
    expect(PublicTimelineItemSchema.parse(byDoctor)).toEqual(byDoctor);
    const pain = { ...item, tipo: 8, valor: null, medico_name: null, local_dor: '12', intensidade_dor: '7' };
    expect(PublicTimelineItemSchema.parse(pain)).toEqual(pain);
  });

  it('accepts types 1 and 9 and rejects 0, 10 and an unknown author kind', () => {
    expect(PublicTimelineItemSchema.safeParse({ ...item, tipo: 1 }).success).toBe(true);
    expect(PublicTimelineItemSchema.safeParse({ ...item, tipo: 9 }).success).toBe(true);
    expect(PublicTimelineItemSchema.safeParse({ ...item, tipo: 0 }).success).toBe(false);
    expect(PublicTimelineItemSchema.safeParse({ ...item, tipo: 10 }).success).toBe(false);
    expect(PublicTimelineItemSchema.safeParse({ ...item, created_by: 'P' }).success).toBe(false);
  });

  it("strips fields outside the public item (owner's and third party's ids, attachments)", () => {
    const parsed = PublicTimelineItemSchema.parse({
      ...item,
      created_by: 'T',
      terceiro: { name: 'João Silva', id: 99, email: 'joao@exemplo.com' },
      user_id: 1,
      terceiro_id: 99,
      medico_id: 5,
      files: [{ path: '/uploads/1/exame.pdf' }],
      created_at: '2025-06-10T15:30:00.000Z',
    });
    expect(parsed).toEqual({ ...item, created_by: 'T', terceiro: { name: 'João Silva' } });
    for (const key of ['user_id', 'terceiro_id', 'medico_id', 'files', 'created_at']) {
      expect(parsed).not.toHaveProperty(key);
    }
    expect(parsed.terceiro).toEqual({ name: 'João Silva' });
  });
});

describe('concorda', () => {
  it("agrees a participle with each type's gender: a Vacina excluída, um Exame excluído", () => {
    const excluido = Object.fromEntries(
      Object.entries(TIMELINE_TIPOS).map(([tipo, label]) => [label, concorda(Number(tipo), 'excluído')]),
    );
    expect(excluido).toEqual({
      Consulta: 'excluída',
      Exame: 'excluído',
      'Resultado de Exame': 'excluído',
      Receita: 'excluída',
      'Fast Note': 'excluída',
      Atendimento: 'excluído',
      Vacina: 'excluída',
      'Registro de Dor': 'excluído',
      Encaminhamento: 'excluído',
    });
    expect(concorda(7, 'adicionado')).toBe('adicionada');
    expect(concorda(99, 'excluído')).toBe('excluído');
  });
});
