import { whatsappHref } from '../conteudo/conteudo.ts';
import { onlyDigits } from '../shared/mask.ts';
import { isMobileDigits } from '../shared/phone.ts';
import type { mapHref } from './location.ts';

/**
 * The WhatsApp link that tells a patient's emergency contact their card was opened (docs/public-code-page.md
 * "Telling the contact"): `https://wa.me/55{digits}` with a pt-BR message naming the patient by first name,
 * which the viewer's own phone sends — Pulso sends nothing. `null` unless `digits` is a Brazilian mobile (a
 * landline has no WhatsApp). `map` (a {@link mapHref} link), once the viewer shared where they are, ends the message.
 */
export function contactWhatsappHref(digits: string, patientName: string, map?: string): string | null {
  const number = onlyDigits(digits);
  if (!isMobileDigits(number)) return null;
  const firstName = patientName.trim().split(/\s+/)[0] ?? '';
  const text =
    `Olá! Acabei de abrir o cartão de emergência Pulso de ${firstName} pelo código do adesivo. ` +
    'Pode ser uma emergência: por favor, me responda ou me ligue.' +
    (map ? ` Estou aqui: ${map}` : '');
  return `${whatsappHref(`55${number}`)}?text=${encodeURIComponent(text)}`;
}
