import { z } from 'zod';
import { dayInSaoPaulo, formatDateBR } from '../shared/dates.ts';
import { SAUDE_LEVEL_INFO, type SaudeLevel } from './permissoes.ts';

/**
 * What the consent history records (docs/authorization.md "Consent history"): the acceptance of the
 * terms of use and of the privacy policy, and each permission and alert switch of /permissoes (the `users` column).
 */
export const CONSENT_ITEMS = [
  'termos',
  'politica',
  'permissoes_saude',
  'permissoes_timeline',
  'permissoes_endereco',
  'permissoes_emergencia_saude',
  'alertas_push',
  'alertas_email',
] as const;
export type ConsentItem = (typeof CONSENT_ITEMS)[number];

/** One entry of `GET /api/permissoes/consentimentos`: what, its value as recorded (text), when. */
export const ConsentimentoViewSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  item: z.enum(CONSENT_ITEMS),
  /** A document's version date (ISO 8601) or null when not recorded; a permission's new value (`'3'`, `'true'`). */
  valor: z.string().nullable(),
});
export type ConsentimentoView = z.infer<typeof ConsentimentoViewSchema>;

/** Entries the consent history answers at most, newest first (the total says how many there are). */
export const CONSENTIMENTOS_LIMIT = 100;

const onOff = (valor: string | null, on: string, off: string) => (valor === 'true' ? on : off);

/** How an entry reads on /permissoes, in pt-BR: 'Aceitou os Termos de uso (versão de 20/11/2026)', 'Linha do tempo: desligada'. */
export function consentimentoText({ item, valor }: Pick<ConsentimentoView, 'item' | 'valor'>): string {
  const versao =
    valor && !Number.isNaN(Date.parse(valor)) ? ` (versão de ${formatDateBR(dayInSaoPaulo(valor))})` : '';
  switch (item) {
    case 'termos':
      return `Aceitou os Termos de uso${versao}`;
    case 'politica':
      return `Aceitou a Política de privacidade${versao}`;
    case 'permissoes_saude': {
      const level = SAUDE_LEVEL_INFO[Number(valor) as SaudeLevel];
      return `Minha saúde visível para: ${level ? level.label : 'nível desconhecido'}`;
    }
    case 'permissoes_timeline':
      return `Linha do tempo pelo código: ${onOff(valor, 'ligada', 'desligada')}`;
    case 'permissoes_endereco':
      return `Endereço na aba Emergência: ${onOff(valor, 'mostrado', 'escondido')}`;
    case 'permissoes_emergencia_saude':
      return `Alergias, medicamentos e doenças na aba Emergência: ${onOff(valor, 'mostrados', 'escondidos')}`;
    case 'alertas_push':
      return `Aviso por notificação quando abrirem seu código: ${onOff(valor, 'ligado', 'desligado')}`;
    case 'alertas_email':
      return `Aviso por e-mail quando abrirem seu código: ${onOff(valor, 'ligado', 'desligado')}`;
  }
}
