import {
  calcularImc,
  classificarImc,
  type HistoricoQuery,
  IMC_MAX,
  IMC_MESSAGES,
  type ImcCreate,
  type ImcHistorico,
  type ImcView,
  leituraAnterior,
  UNAUTHENTICATED_MESSAGE,
  variacaoPeso,
} from '@pulso/domain';
import { and, asc, eq, gt, lt, lte, or } from 'drizzle-orm';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { imcs, users } from '../../db/schema/index.ts';
import { fieldError, HttpError } from '../../errors.ts';
import { leituraSpec, ordemAfericaoDesc, paginaDeLeituras } from './indicadores.shared.ts';

/**
 * Body mass index readings (docs/indicators-and-score.md "BMI";
 * docs/api/indicadores-score-profissional.md "Indicators" `POST /api/home/imc`): the weight comes
 * from the client; the height, the BMI, its category and the weight change
 * are the server's.
 */

/** A stored BMI reading as answered, its category from `imc` (`classificarImc`). */
export const IMC_LEITURAS = leituraSpec({
  table: imcs,
  columns: {
    id: imcs.id,
    peso: imcs.peso,
    altura: imcs.altura,
    imc: imcs.imc,
    variacao_peso: imcs.variacao_peso,
    data_afericao: imcs.data_afericao,
    time_afericao: imcs.time_afericao,
  },
  toView: (row): ImcView => ({ ...row, status: classificarImc(row.imc) }),
});

/**
 * Saves a BMI reading of the actor (`POST /api/home/imc`,
 * docs/indicators-and-score.md "BMI"): `peso` kg (10 to < 250, 1 decimal);
 * `altura` is the profile's `caracteristicas.altura` (m) now; `imc` =
 * `calcularImc(peso, altura)` (kg/m², 1 decimal) and `status` its category;
 * `variacao_peso` kg against the reading right before it by day and time
 * (`leituraAnterior`; null for the first). A reading dated between two others
 * also moves the weight change of the one right after it, which now follows
 * it. A client's `imc` and `variacao_peso` are never read. The caller's row
 * is locked for the save, so concurrent saves of one patient see each other's
 * weights. Errors: 422 `errors.peso` `IMC_MESSAGES.semAltura` without a
 * height in the profile, `IMC_MESSAGES.imcImpossivel` when the BMI would pass
 * `IMC_MAX` (a height or weight typed wrong); 401 when the account is gone.
 */
export async function createImc(db: Db, actor: Actor, input: ImcCreate): Promise<ImcView> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ altura: users.altura })
      .from(users)
      .where(eq(users.id, actor.userId))
      .for('update');
    if (!owner) throw new HttpError(401, UNAUTHENTICATED_MESSAGE);
    const altura = owner.altura;
    if (altura === null || !(altura > 0)) throw fieldError('peso', IMC_MESSAGES.semAltura);
    const imc = calcularImc(input.peso, altura);
    if (imc > IMC_MAX) throw fieldError('peso', IMC_MESSAGES.imcImpossivel);

    const { data_afericao: data, time_afericao: hora } = input;
    const mine = eq(imcs.user_id, actor.userId);
    const candidatos = await tx
      .select({
        id: imcs.id,
        peso: imcs.peso,
        data_afericao: imcs.data_afericao,
        time_afericao: imcs.time_afericao,
      })
      .from(imcs)
      .where(
        and(
          mine,
          or(lt(imcs.data_afericao, data), and(eq(imcs.data_afericao, data), lte(imcs.time_afericao, hora))),
        ),
      )
      .orderBy(...ordemAfericaoDesc(imcs))
      .limit(1);
    const anterior = leituraAnterior(candidatos, data, hora);

    const [row] = await tx
      .insert(imcs)
      .values({
        user_id: actor.userId,
        peso: input.peso,
        altura,
        imc,
        variacao_peso: variacaoPeso(input.peso, anterior),
        status: classificarImc(imc),
        data_afericao: data,
        time_afericao: hora,
      })
      .returning(IMC_LEITURAS.columns);
    if (!row) throw new Error('imc not inserted');

    // The reading right after the new one (a later day or minute) now follows it.
    const [seguinte] = await tx
      .select({ id: imcs.id, peso: imcs.peso })
      .from(imcs)
      .where(
        and(
          mine,
          or(gt(imcs.data_afericao, data), and(eq(imcs.data_afericao, data), gt(imcs.time_afericao, hora))),
        ),
      )
      .orderBy(asc(imcs.data_afericao), asc(imcs.time_afericao), asc(imcs.id))
      .limit(1);
    if (seguinte) {
      await tx
        .update(imcs)
        .set({ variacao_peso: variacaoPeso(seguinte.peso, { peso: input.peso }) })
        .where(eq(imcs.id, seguinte.id));
    }
    return IMC_LEITURAS.toView(row);
  });
}

/**
 * A page of the actor's BMI readings, latest first, how many there are, and
 * the profile's current height (m, or null) (`GET /api/home/imc`).
 */
export async function listImc(db: Db, actor: Actor, query: HistoricoQuery): Promise<ImcHistorico> {
  const [{ items, total }, [owner]] = await Promise.all([
    paginaDeLeituras(db, IMC_LEITURAS, actor.userId, query),
    db.select({ altura: users.altura }).from(users).where(eq(users.id, actor.userId)).limit(1),
  ]);
  return { indice_massa_corporal: items, total, altura: owner?.altura ?? null };
}
