import { describe, expect, it } from 'vitest';
import { contactWhatsappHref } from './contact-whatsapp.ts';

const MESSAGE = (name: string) =>
  `Olá! Acabei de abrir o cartão de emergência Pulso de ${name} pelo código do adesivo. ` +
  'Pode ser uma emergência: por favor, me responda ou me ligue.';

describe('contactWhatsappHref (docs/public-code-page.md "Telling the contact")', () => {
  it('links a mobile number in any spelling, with the pt-BR message and the first name only', () => {
    const href = contactWhatsappHref('(11) 91234-5678', '  Renata   Lopes Silva ');
    expect(href).toBe(`https://wa.me/5511912345678?text=${encodeURIComponent(MESSAGE('Renata'))}`);
  });

  it('gives no link for a landline, a short number, a DDD with a zero or nothing', () => {
    expect(contactWhatsappHref('1132345678', 'Ana')).toBeNull();
    expect(contactWhatsappHref('1191234567', 'Ana')).toBeNull();
    expect(contactWhatsappHref('01912345678', 'Ana')).toBeNull();
    expect(contactWhatsappHref('', 'Ana')).toBeNull();
    expect(contactWhatsappHref('99912345678', 'Ana')).toBe(
      `https://wa.me/5599912345678?text=${encodeURIComponent(MESSAGE('Ana'))}`,
    );
  });
});
