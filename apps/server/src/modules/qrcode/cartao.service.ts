import {
  CARTAO_ITENS,
  type CartaoEscolha,
  type CartaoFacts,
  codeUrl,
  enumLabel,
  formatPhone,
  onlyDigits,
  RELACAO,
  SANGUE,
  type TelaFormato,
} from '@pulso/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { oneLine } from './card-text.ts';

/**
 * The lock-screen image and the wallet card (docs/emergency-card.md): made
 * from the signed-in patient's own data, with only the optional facts the
 * patient ticked in the preview of /qrcode/generate.
 */

const filled = (text: string | null) => (text && oneLine(text) !== '' ? oneLine(text) : null);

/** The signed-in patient's {@link CartaoFacts}; `publicOrigin` is `PUBLIC_ORIGIN`. */
export async function cardFacts(db: Db, publicOrigin: string, userId: number): Promise<CartaoFacts> {
  const [row] = await db
    .select({
      code: users.code,
      name: users.name,
      sangue: users.sangue,
      alergias: users.alergias,
      medicamentos: users.medicamentos,
      contato: users.contato,
      contato_telefone: users.contato_telefone,
      contato_relacao: users.contato_relacao,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  // requireUser has just resolved a live session of this user: a missing row is a server fault.
  if (!row) throw new Error('Signed-in user not found');
  const relacao = enumLabel(RELACAO, row.contato_relacao);
  const nome = filled(row.contato);
  const telefone = row.contato_telefone ? formatPhone(row.contato_telefone) : null;
  const contato =
    nome || telefone
      ? `${nome ?? 'Contato'}${relacao ? ` (${relacao})` : ''}${telefone ? ` · ${telefone}` : ''}`
      : null;
  return {
    code: row.code,
    url: codeUrl(publicOrigin, row.code),
    name: oneLine(row.name),
    sangue: enumLabel(SANGUE, row.sangue),
    alergias: filled(row.alergias),
    medicamentos: filled(row.medicamentos),
    contato,
    telefone: row.contato_telefone ? onlyDigits(row.contato_telefone) || null : null,
  };
}

/** `facts` with every optional fact the patient did not tick set to `null`: it never reaches a drawing. */
export function chosenFacts(facts: CartaoFacts, escolha: CartaoEscolha): CartaoFacts {
  const out = { ...facts };
  for (const item of CARTAO_ITENS) if (!escolha[item]) out[item] = null;
  // The phone belongs to the contact: left off with it.
  if (!escolha.contato) out.telefone = null;
  return out;
}

/** Labels of the optional facts, as printed before them. */
export const LABELS = { alergias: 'Alergias:', medicamentos: 'Medicamentos:', contato: 'Contato:' } as const;

/** The files' colours: background, card, text, muted text, the alert red. */
export const COLORS = {
  fundo: '#0d2b45',
  cartao: '#ffffff',
  texto: '#1a1b1e',
  suave: '#495057',
  alerta: '#c92a2a',
};

/** File name of the lock-screen image: `pulso-tela-de-bloqueio-123AB456-1170x2532.png`. */
export function lockScreenFileName(code: string, formato: TelaFormato): string {
  return `pulso-tela-de-bloqueio-${code}-${formato}.png`;
}

/** File name of the wallet card: `pulso-cartao-123AB456.pdf`. */
export function walletCardFileName(code: string): string {
  return `pulso-cartao-${code}.pdf`;
}
