import { ATENDIMENTO_VALOR_PADRAO } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { app_settings } from '../../db/schema/index.ts';

/** Key of the single-consultation price in `app_settings`. */
export const ATENDIMENTO_VALOR_KEY = 'atendimento_valor';

/**
 * The single-consultation price in centavos (docs/payments-and-admin.md
 * "Single consultation": an admin setting with a seeded default): the stored
 * value when it is a positive whole number, else
 * {@link ATENDIMENTO_VALOR_PADRAO}.
 */
export async function getAtendimentoValor(db: Db): Promise<number> {
  const [row] = await db
    .select({ valor: app_settings.valor })
    .from(app_settings)
    .where(eq(app_settings.chave, ATENDIMENTO_VALOR_KEY))
    .limit(1);
  const valor = row?.valor;
  return typeof valor === 'number' && Number.isSafeInteger(valor) && valor > 0
    ? valor
    : ATENDIMENTO_VALOR_PADRAO;
}
