import { LOCATION_MESSAGES, mapHref, roundCoordinate } from '@pulso/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { code_access_logs } from '../../db/schema/index.ts';
import { HttpError } from '../../errors.ts';
import { runMailJob } from '../../platform/mail-jobs.ts';
import type { UrlSigner } from '../../platform/signed-url.ts';
import { sendLocationAlert } from '../alertas/index.ts';

/** The signer's purpose of location references: a file URL's signature opens nothing here. */
export const LOCATION_PURPOSE = 'code-localizacao';
/** How long after an opening its viewer may share where they are (docs/code-alerts.md "Where"). */
export const LOCATION_TOKEN_SECONDS = 60 * 60;

/**
 * The signed reference of one opening's access-log row, handed to its page: `{id}.{expires}.{signature}`
 * (Unix seconds; HMAC over purpose, id and expiry, platform/signed-url.ts). Names a row, never a patient.
 */
export function issueLocationToken(signer: UrlSigner, logId: number, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + LOCATION_TOKEN_SECONDS;
  return `${logId}.${expires}.${signer.sign(logId, expires)}`;
}

/** The access-log row a token names, or null when it is malformed, forged or expired. */
function readLocationToken(signer: UrlSigner, token: string): number | null {
  const [id, expires, signature, ...rest] = token.split('.');
  if (!id || !expires || !signature || rest.length > 0) return null;
  const logId = Number(id);
  return signer.verify(logId, Number(expires), signature) ? logId : null;
}

/**
 * `POST /api/code/localizacao` (docs/code-alerts.md "Where"): writes where the viewer of one opening was —
 * degrees rounded to 3 decimals (~100 m) — into that opening's access-log row, once, and tells the patient
 * at once (Web Push and e-mail, as their switches allow; after the answer). Answers the map link of the
 * place as kept. Errors: 403 {@link LOCATION_MESSAGES.expired} for a token that is forged, expired or
 * names a row gone (the account closed and erased); 409 {@link LOCATION_MESSAGES.already} when that opening
 * already shared it.
 */
export async function shareLocation(
  ctx: AppContext,
  log: FastifyBaseLogger,
  signer: UrlSigner,
  input: { token: string; latitude: number; longitude: number },
): Promise<{ mapa: string }> {
  const logId = readLocationToken(signer, input.token);
  if (logId === null) throw new HttpError(403, LOCATION_MESSAGES.expired);
  const latitude = roundCoordinate(input.latitude);
  const longitude = roundCoordinate(input.longitude);
  const { db } = ctx.database;
  const [row] = await db
    .update(code_access_logs)
    .set({ latitude, longitude, localizacao_em: new Date() })
    .where(and(eq(code_access_logs.id, logId), isNull(code_access_logs.localizacao_em)))
    .returning({ userId: code_access_logs.user_id, at: code_access_logs.created_at });
  if (!row) {
    const [exists] = await db
      .select({ id: code_access_logs.id })
      .from(code_access_logs)
      .where(eq(code_access_logs.id, logId))
      .limit(1);
    throw exists
      ? new HttpError(409, LOCATION_MESSAGES.already)
      : new HttpError(403, LOCATION_MESSAGES.expired);
  }
  runMailJob(ctx, log, 'location_alert', () => sendLocationAlert(ctx, log, { ...row, latitude, longitude }));
  return { mapa: mapHref(latitude, longitude) };
}
