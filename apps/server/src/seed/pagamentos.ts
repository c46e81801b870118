import { ATENDIMENTO_VALOR_PADRAO } from '@pulso/domain';
import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { app_settings, coupons, planos } from '../db/schema/index.ts';

/**
 * The plans on sale when there are none yet
 * (docs/payments-and-admin.md "Prices": 'Meu Prontuário' R$ 7,90 '/mês';
 * the annual price is an admin setting with a seeded default). Both include
 * teleconsultations (tipo 1: one per month, or 12 per year) and the annual
 * one a free sticker set. `stripe_plan` is the provider's price id; staff
 * replace it with Stripe's.
 */
export const PLANOS_PADRAO = [
  {
    nome: 'Meu Prontuário',
    preco: 790,
    periodo: 'M',
    tipo: 1,
    stripe_plan: 'meu_prontuario_mensal',
    descricao:
      'Linha do tempo, indicadores e mapa da dor sem limite de tempo, e 1 teleconsulta por mês com os médicos do Pulso.',
  },
  {
    nome: 'Meu Prontuário Anual',
    preco: 7900,
    periodo: 'A',
    tipo: 1,
    stripe_plan: 'meu_prontuario_anual',
    descricao:
      'Tudo do plano mensal por 12 meses pagando 10, 12 teleconsultas no ano e um kit de adesivos QR Code grátis.',
  },
] as const;

/**
 * Payment reference data (issue 8), idempotent: the plans of
 * {@link PLANOS_PADRAO} while no plan exists (staff edits survive
 * restarts), and the single-consultation price setting when unset.
 */
export async function seedPagamentos(db: Db): Promise<void> {
  const [plans] = await db.select({ n: count() }).from(planos);
  if ((plans?.n ?? 0) === 0) await db.insert(planos).values([...PLANOS_PADRAO]);
  await db
    .insert(app_settings)
    .values({ chave: 'atendimento_valor', valor: ATENDIMENTO_VALOR_PADRAO })
    .onConflictDoNothing();
}

/**
 * Demo coupons (SEED_DEMO; never in production, where a 100% coupon would
 * give stickers away): 'BEMVINDO10' 10% and 'PULSO100' 100%, no end date, no
 * use limit. Staff manage real coupons (issue 9).
 */
export async function seedDemoCoupons(db: Db): Promise<void> {
  await db
    .insert(coupons)
    .values([
      { nome: 'BEMVINDO10', desconto: 10 },
      { nome: 'PULSO100', desconto: 100 },
    ])
    .onConflictDoNothing();
}
