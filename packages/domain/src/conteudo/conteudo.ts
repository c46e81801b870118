import { z } from 'zod';
import { onlyDigits } from '../shared/mask.ts';
import { formatPhone, isPhoneDigits } from '../shared/phone.ts';

/**
 * Health tips of /dicas and questions of /faqs, with the contact channels
 * shown beside them (docs/indicators-and-score.md "Tips and FAQ";
 * `GET /api/dicas`, `GET /api/faqs`; issue 7 "Content").
 */

/** pt-BR texts of /dicas and /faqs. */
export const CONTEUDO_MESSAGES = {
  dicasEmpty: 'Ainda não há dicas de saúde. Volte em breve.',
  dicasError: 'Não foi possível carregar as dicas',
  faqsEmpty: 'Ainda não há perguntas frequentes. Fale com a gente pelos canais abaixo.',
  faqsError: 'Não foi possível carregar as perguntas frequentes',
} as const;

/**
 * A health tip (docs/indicators-and-score.md "Tips and FAQ": title, content), in the order staff set. `content`
 * is plain text; blank lines split paragraphs.
 */
export const DicaSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  content: z.string(),
});
export type Dica = z.output<typeof DicaSchema>;

/** `GET /api/dicas` answer: the active tips in order. */
export const DicasAnswerSchema = z.object({ dicas: z.array(DicaSchema) });
export type DicasAnswer = z.output<typeof DicasAnswerSchema>;

/**
 * A frequently asked question (docs/indicators-and-score.md "Tips and FAQ": question, answer). `answer` is
 * plain text; blank lines split paragraphs.
 */
export const FaqSchema = z.object({
  id: z.number().int().positive(),
  question: z.string(),
  answer: z.string(),
});
export type Faq = z.output<typeof FaqSchema>;

/**
 * The contact channels of /faqs, an e-mail and a phone/WhatsApp number
 * (docs/indicators-and-score.md "Tips and FAQ"), set by the server's
 * environment (`CONTATO_EMAIL`, `CONTATO_WHATSAPP`): `email` an address;
 * `whatsapp` the full international number as digits, Brazil's 55 first
 * (`'5511987654321'`), or `null` when none is configured (then no WhatsApp
 * link is shown).
 */
export const ContatoSchema = z.object({
  email: z.string(),
  whatsapp: z
    .string()
    .regex(/^55\d{10,11}$/)
    .nullable(),
});
export type Contato = z.output<typeof ContatoSchema>;

/** `GET /api/faqs` answer: the active questions in order and the contact channels. */
export const FaqsAnswerSchema = z.object({ faqs: z.array(FaqSchema), contato: ContatoSchema });
export type FaqsAnswer = z.output<typeof FaqsAnswerSchema>;

/**
 * A Brazilian phone number for WhatsApp as configured (`CONTATO_WHATSAPP`):
 * the digits of the text (spaces, `+`, brackets and hyphens ignored), with or
 * without the country code 55, must be a mobile (DDD + 9 + 8 digits) or a
 * landline (DDD + 8 digits, first 2–5; WhatsApp Business runs on landlines).
 * Answers the international digits `55…` (12 or 13 digits), or `null` when
 * the text is not such a number.
 */
export function normalizeWhatsapp(text: string): string | null {
  const digits = onlyDigits(text);
  const national = digits.length >= 12 && digits.startsWith('55') ? digits.slice(2) : digits;
  return isPhoneDigits(national) ? `55${national}` : null;
}

/** The WhatsApp "click to chat" link of an international number: `https://wa.me/5511987654321`. */
export function whatsappHref(whatsapp: string): string {
  return `https://wa.me/${onlyDigits(whatsapp)}`;
}

/** An international Brazilian number (`5511987654321`) as read: `+55 (11) 98765 4321`. */
export function formatWhatsapp(whatsapp: string): string {
  const digits = onlyDigits(whatsapp);
  return `+55 ${formatPhone(digits.startsWith('55') ? digits.slice(2) : digits)}`;
}

/** Subject of the e-mails written from /faqs, so support can sort them. */
export const CONTATO_EMAIL_SUBJECT = 'Dúvida sobre o Pulso';

/** The `mailto:` link of the contact e-mail, with {@link CONTATO_EMAIL_SUBJECT} as its subject. */
export function contatoMailto(email: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(CONTATO_EMAIL_SUBJECT)}`;
}

/** Paragraphs of a tip's or an answer's plain text: split on blank lines, trimmed, empty ones dropped. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}
