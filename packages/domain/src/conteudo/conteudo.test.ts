import { describe, expect, it } from 'vitest';
import {
  ContatoSchema,
  contatoMailto,
  FaqsAnswerSchema,
  formatWhatsapp,
  normalizeWhatsapp,
  paragraphsOf,
  whatsappHref,
} from './conteudo.ts';

describe('normalizeWhatsapp', () => {
  it('answers the international digits of a mobile typed with or without 55, with any punctuation', () => {
    expect(normalizeWhatsapp('11987654321')).toBe('5511987654321');
    expect(normalizeWhatsapp('5511987654321')).toBe('5511987654321');
    expect(normalizeWhatsapp('+55 (11) 98765-4321')).toBe('5511987654321');
    expect(normalizeWhatsapp(' 55 81 99876 5432 ')).toBe('5581998765432');
  });

  it('accepts a landline (WhatsApp Business), first digit 2 to 5', () => {
    expect(normalizeWhatsapp('1133334444')).toBe('551133334444');
    expect(normalizeWhatsapp('551123334444')).toBe('551123334444');
    expect(normalizeWhatsapp('1153334444')).toBe('551153334444');
    expect(normalizeWhatsapp('1163334444')).toBeNull();
    expect(normalizeWhatsapp('1113334444')).toBeNull();
  });

  it('keeps a DDD of 55 (Rio Grande do Sul) when the country code is absent', () => {
    expect(normalizeWhatsapp('55987654321')).toBe('5555987654321');
    expect(normalizeWhatsapp('5555987654321')).toBe('5555987654321');
  });

  it('refuses short, long, zero-DDD, foreign and empty numbers', () => {
    expect(normalizeWhatsapp('')).toBeNull();
    expect(normalizeWhatsapp('987654321')).toBeNull();
    expect(normalizeWhatsapp('119876543210')).toBeNull();
    expect(normalizeWhatsapp('01987654321')).toBeNull();
    expect(normalizeWhatsapp('11887654321')).toBeNull();
    expect(normalizeWhatsapp('14155552671')).toBeNull();
    expect(normalizeWhatsapp('5411987654321')).toBeNull();
    expect(normalizeWhatsapp('whatsapp')).toBeNull();
  });
});

describe('contact links and labels', () => {
  it('builds the wa.me link from the digits only', () => {
    expect(whatsappHref('5511987654321')).toBe('https://wa.me/5511987654321');
    expect(whatsappHref('+55 11 98765-4321')).toBe('https://wa.me/5511987654321');
  });

  it('formats a mobile and a landline with +55 and the national mask', () => {
    expect(formatWhatsapp('5511987654321')).toBe('+55 (11) 98765 4321');
    expect(formatWhatsapp('551133334444')).toBe('+55 (11) 3333 4444');
  });

  it('writes the mailto link with an encoded subject', () => {
    expect(contatoMailto('contato@pulso.app.br')).toBe(
      'mailto:contato@pulso.app.br?subject=D%C3%BAvida%20sobre%20o%20Pulso',
    );
  });
});

describe('ContatoSchema', () => {
  it('accepts 55 followed by 10 or 11 digits, or null', () => {
    expect(ContatoSchema.parse({ email: 'a@b.br', whatsapp: '551133334444' }).whatsapp).toBe('551133334444');
    expect(ContatoSchema.parse({ email: 'a@b.br', whatsapp: '5511987654321' }).whatsapp).toBe(
      '5511987654321',
    );
    expect(ContatoSchema.parse({ email: 'a@b.br', whatsapp: null }).whatsapp).toBeNull();
  });

  it('refuses a national number without 55 and a number of the wrong length', () => {
    expect(ContatoSchema.safeParse({ email: 'a@b.br', whatsapp: '11987654321' }).success).toBe(false);
    expect(ContatoSchema.safeParse({ email: 'a@b.br', whatsapp: '55119876543210' }).success).toBe(false);
    expect(ContatoSchema.safeParse({ email: 'a@b.br', whatsapp: '55113333444' }).success).toBe(false);
  });

  it('is part of the FAQ answer', () => {
    const answer = FaqsAnswerSchema.parse({
      faqs: [{ id: 1, question: 'O que é?', answer: 'Um app.' }],
      contato: { email: 'a@b.br', whatsapp: null },
    });
    expect(answer.faqs).toHaveLength(1);
  });
});

describe('paragraphsOf', () => {
  it('splits on blank lines, trims and drops empty paragraphs', () => {
    expect(paragraphsOf('Primeiro.\n\nSegundo,\ncom quebra.\r\n \r\nTerceiro.\n\n\n')).toEqual([
      'Primeiro.',
      'Segundo,\ncom quebra.',
      'Terceiro.',
    ]);
    expect(paragraphsOf('  ')).toEqual([]);
    expect(paragraphsOf('Só um.')).toEqual(['Só um.']);
  });
});
