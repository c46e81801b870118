import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { SHL_MESSAGES, SHL_PASSCODE_ATTEMPTS, type ShlCreate, type ShlView, shlLink } from '@pulso/domain';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { code_access_logs, shl_links } from '../../db/schema/index.ts';
import { HttpError } from '../../errors.ts';
import { loadJose } from '../../platform/lazy-libs.ts';
import { patientSummary } from '../fhir/index.ts';

/** Where a link's manifest is posted: `{origin}/api/shl/m/{manifest_id}`. */
export const manifestUrl = (origin: string, manifestId: string) => `${origin}/api/shl/m/${manifestId}`;
/** The page that reads a link (the SPA's `/shl`). */
export const viewerUrl = (origin: string) => `${origin}/shl`;

const DAY_MS = 86_400_000;

/**
 * Makes a SMART Health Link of the patient's summary (docs/smart-health-links.md "Making a link"): a fresh
 * 32-byte key encrypts the IPS (compact JWE, `dir` + `A256GCM`); the server keeps the ciphertext and forgets the
 * key, which goes only into the answered link. Answers the link and its list entry.
 */
export async function createShl(
  db: Db,
  origin: string,
  userId: number,
  input: ShlCreate,
  now = new Date(),
): Promise<{ link: string; shl: ShlView }> {
  const key = randomBytes(32);
  const manifestId = randomBytes(32).toString('base64url');
  const bundle = await patientSummary(db, userId, now);
  const { CompactEncrypt } = await loadJose();
  const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(bundle)))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', cty: 'application/fhir+json' })
    .encrypt(key);
  const expires = new Date(now.getTime() + input.dias * DAY_MS);
  const [row] = await db
    .insert(shl_links)
    .values({
      user_id: userId,
      manifest_id: manifestId,
      label: input.label,
      passcode_hash: input.passcode ? await hash(input.passcode) : null,
      tentativas_restantes: input.passcode ? SHL_PASSCODE_ATTEMPTS : null,
      expires_at: expires,
      jwe,
    })
    .returning();
  if (!row) throw new Error('shl not inserted');
  const flag = input.passcode ? 'P' : '';
  const link = shlLink(viewerUrl(origin), {
    url: manifestUrl(origin, manifestId),
    key: key.toString('base64url'),
    exp: Math.floor(expires.getTime() / 1000),
    ...(flag ? { flag } : {}),
    label: input.label,
    v: 1,
  });
  return { link, shl: toView(row, 0) };
}

function toView(row: typeof shl_links.$inferSelect, acessos: number): ShlView {
  return {
    id: row.id,
    label: row.label,
    flag: row.passcode_hash ? 'P' : '',
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
    bloqueado: row.tentativas_restantes === 0,
    acessos,
  };
}

/** The patient's links, newest first, with how many times each was opened. */
export async function listShl(db: Db, userId: number): Promise<ShlView[]> {
  const rows = await db
    .select({
      link: shl_links,
      acessos: sql<number>`(select ${count()} from ${code_access_logs}
      where ${code_access_logs.shl_id} = ${shl_links.id})`.mapWith(Number),
    })
    .from(shl_links)
    .where(eq(shl_links.user_id, userId))
    .orderBy(desc(shl_links.created_at), desc(shl_links.id));
  return rows.map(({ link, acessos }) => toView(link, acessos));
}

/** Revokes one of the patient's links: its manifest answers 404 from now on. 404 for another's or an unknown id. */
export async function revokeShl(db: Db, userId: number, id: number): Promise<void> {
  const [row] = await db
    .update(shl_links)
    .set({ revoked_at: sql`coalesce(${shl_links.revoked_at}, now())` })
    .where(and(eq(shl_links.id, id), eq(shl_links.user_id, userId)))
    .returning({ id: shl_links.id });
  if (!row) throw new HttpError(404, SHL_MESSAGES.notFound);
}

/** A wrong passcode: 401 with the tries left, as the SHL specification answers it. */
export class WrongPasscode extends HttpError {
  constructor(readonly remainingAttempts: number) {
    super(401, SHL_MESSAGES.wrongPasscode);
  }
}

/**
 * The manifest of a link (`POST /api/shl/m/:manifestId`, docs/smart-health-links.md "Opening a link"): the
 * encrypted summary embedded as the one file. 404 for an unknown, revoked, expired or locked link; with a
 * passcode, a try is taken before checking it and given back when it is right, so parallel guesses cannot
 * exceed the allowance: a wrong one answers {@link WrongPasscode}, the last one locks the link. Each opening is
 * written to the patient's access log (`tabs` `resumo`, the recipient as given).
 */
export async function openManifest(
  db: Db,
  manifestId: string,
  body: { recipient: string; passcode?: string | undefined },
) {
  const live = and(
    eq(shl_links.manifest_id, manifestId),
    isNull(shl_links.revoked_at),
    gt(shl_links.expires_at, sql`now()`),
  );
  const [link] = await db.select().from(shl_links).where(live).limit(1);
  if (!link) throw new HttpError(404, SHL_MESSAGES.notFound);
  if (link.passcode_hash) {
    const [taken] = await db
      .update(shl_links)
      .set({ tentativas_restantes: sql`${shl_links.tentativas_restantes} - 1` })
      .where(and(eq(shl_links.id, link.id), gt(shl_links.tentativas_restantes, 0)))
      .returning({ left: shl_links.tentativas_restantes });
    if (!taken) throw new HttpError(404, SHL_MESSAGES.notFound);
    const right = body.passcode !== undefined && (await verify(link.passcode_hash, body.passcode));
    if (!right) throw new WrongPasscode(taken.left ?? 0);
    await db
      .update(shl_links)
      .set({ tentativas_restantes: sql`${shl_links.tentativas_restantes} + 1` })
      .where(eq(shl_links.id, link.id));
  }
  await db.insert(code_access_logs).values({
    user_id: link.user_id,
    viewer_kind: 'guest',
    tabs: 'resumo',
    shl_id: link.id,
    destinatario: body.recipient.slice(0, 200),
  });
  return { files: [{ contentType: 'application/fhir+json', embedded: link.jwe }] };
}
