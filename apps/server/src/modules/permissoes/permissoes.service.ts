import {
  ACCESS_TABS,
  ACESSOS_PAGE_SIZE,
  type AccessTab,
  type AcessoView,
  type Alertas,
  CONSENT_ITEMS,
  CONSENTIMENTOS_LIMIT,
  type ConsentItem,
  type ConsentimentoView,
  type Permissoes,
  UNAUTHENTICATED_MESSAGE,
  VIEWER_KINDS,
  type ViewerKind,
} from '@pulso/domain';
import { count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { code_access_logs, consent_events, users } from '../../db/schema/index.ts';
import { HttpError } from '../../errors.ts';

/** Shown for a signed-in viewer whose account no longer exists (its log rows keep `viewer_kind`). */
export const REMOVED_ACCOUNT_NAME = 'Conta removida';

/** 422 message of a bad `offset` of `GET /api/permissoes/acessos`. */
export const ACESSOS_OFFSET_MESSAGE =
  'Informe quantos acessos já foram carregados (um número inteiro a partir de 0)';

const permissoesColumns = {
  saude: users.permissoes_saude,
  timeline: users.permissoes_timeline,
  endereco: users.permissoes_endereco,
  emergencia_saude: users.permissoes_emergencia_saude,
};

/** The actor's own permissions; 401 when the account behind a live session is gone. */
export async function getPermissoes(db: Db, actor: Actor): Promise<Permissoes> {
  const [row] = await db.select(permissoesColumns).from(users).where(eq(users.id, actor.userId)).limit(1);
  // Sessions cascade with their user: a live session without a user means it was just closed.
  if (!row) throw new HttpError(401, UNAUTHENTICATED_MESSAGE);
  return row;
}

type UserColumn = (typeof users)['_']['columns'][keyof (typeof users)['_']['columns']];

/**
 * Writes the actor's own switches only (the id comes from the session,
 * never from the request) — `columns` names them as answered, `item` the
 * `users` column of each — and each value that changes into the consent
 * history (`consent_events`, docs/authorization.md "Consent history"), in one
 * transaction. `updated_at` is not stamped: it dates the emergency data shown
 * on /home, which permissions are not part of.
 */
async function updateOwnColumns<K extends string, V>(
  db: Db,
  actor: Actor,
  columns: Record<K, UserColumn>,
  values: Partial<typeof users.$inferInsert>,
): Promise<Record<K, V>> {
  return db.transaction(async (tx) => {
    const picked = columns as Record<string, UserColumn>;
    const [before] = await tx.select(picked).from(users).where(eq(users.id, actor.userId)).for('update');
    if (!before) throw new HttpError(401, UNAUTHENTICATED_MESSAGE);
    const [row] = await tx.update(users).set(values).where(eq(users.id, actor.userId)).returning(picked);
    if (!row) throw new HttpError(401, UNAUTHENTICATED_MESSAGE);
    const was = before as Record<K, unknown>;
    const now = row as Record<K, unknown>;
    const changed = (Object.keys(columns) as K[]).filter((key) => was[key] !== now[key]);
    if (changed.length > 0) {
      await tx
        .insert(consent_events)
        .values(
          changed.map((key) => ({ user_id: actor.userId, item: columns[key].name, valor: String(now[key]) })),
        );
    }
    return row as Record<K, V>;
  });
}

type PermissaoColumn =
  | 'permissoes_saude'
  | 'permissoes_timeline'
  | 'permissoes_endereco'
  | 'permissoes_emergencia_saude';

function updateOwn(
  db: Db,
  actor: Actor,
  values: Pick<Partial<typeof users.$inferInsert>, PermissaoColumn>,
): Promise<Permissoes> {
  return updateOwnColumns(db, actor, permissoesColumns, values) as Promise<Permissoes>;
}

const alertasColumns = { push: users.alertas_push, email: users.alertas_email };

/** The actor's own alert switches (docs/code-alerts.md "Alerts"); 401 when the account is gone. */
export async function getAlertas(db: Db, actor: Actor): Promise<Alertas> {
  const [row] = await db.select(alertasColumns).from(users).where(eq(users.id, actor.userId)).limit(1);
  if (!row) throw new HttpError(401, UNAUTHENTICATED_MESSAGE);
  return row;
}

/** Turns the alerts by Web Push (`push`) or by e-mail (`email`) on or off; a switch left out keeps its value. */
export function updateAlertas(
  db: Db,
  actor: Actor,
  change: { push?: boolean | undefined; email?: boolean | undefined },
): Promise<Alertas> {
  return updateOwnColumns(db, actor, alertasColumns, {
    ...(change.push === undefined ? {} : { alertas_push: change.push }),
    ...(change.email === undefined ? {} : { alertas_email: change.email }),
  }) as Promise<Alertas>;
}

/** Sets who reads My Health (`permissoes.saude`, 1–4, already validated). */
export function updateSaudeLevel(db: Db, actor: Actor, saude: number): Promise<Permissoes> {
  return updateOwn(db, actor, { permissoes_saude: saude });
}

/** Turns the Timeline tab on or off (`permissoes.timeline`). */
export function updateTimeline(db: Db, actor: Actor, timeline: boolean): Promise<Permissoes> {
  return updateOwn(db, actor, { permissoes_timeline: timeline });
}

/**
 * Sets what the Emergency tab adds for anyone holding the code: the street
 * address (`endereco`), the allergies strip (`emergencia_saude`); a switch
 * left out keeps its value.
 */
export function updateEmergencia(
  db: Db,
  actor: Actor,
  change: { endereco?: boolean | undefined; emergencia_saude?: boolean | undefined },
): Promise<Permissoes> {
  return updateOwn(db, actor, {
    ...(change.endereco === undefined ? {} : { permissoes_endereco: change.endereco }),
    ...(change.emergencia_saude === undefined
      ? {}
      : { permissoes_emergencia_saude: change.emergencia_saude }),
  });
}

const viewers = alias(users, 'viewer');

function isViewerKind(value: string): value is ViewerKind {
  return (VIEWER_KINDS as readonly string[]).includes(value);
}

function isAccessTab(value: string): value is AccessTab {
  return (ACCESS_TABS as readonly string[]).includes(value);
}

/**
 * One page of the actor's own access log ('Quem acessou meus dados'):
 * newest first (`created_at`, then `id`, both descending),
 * {@link ACESSOS_PAGE_SIZE} rows after `offset` (the number already loaded),
 * and the log's `total`. A visitor (`viewer_kind` guest, or a kind the
 * domain does not know) is `viewer: null`; any other viewer is their
 * account's name and the kind logged at the time, or
 * {@link REMOVED_ACCOUNT_NAME} once that account is deleted. Viewer ids,
 * e-mails and codes are never selected. Tabs keep the order logged; unknown
 * names are dropped. An attempt with a code the patient replaced carries that
 * code (`codigo_substituido`) and no tabs (docs/codes.md "A lost sticker"); a row whose viewer shared
 * where they were carries the place (`localizacao`, docs/code-alerts.md "Where").
 */
export async function listAcessos(
  db: Db,
  actor: Actor,
  offset: number,
): Promise<{ acessos: AcessoView[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: code_access_logs.id,
        created_at: code_access_logs.created_at,
        viewer_kind: code_access_logs.viewer_kind,
        viewer_name: viewers.name,
        tabs: code_access_logs.tabs,
        codigo_substituido: code_access_logs.codigo_substituido,
        destinatario: code_access_logs.destinatario,
        latitude: code_access_logs.latitude,
        longitude: code_access_logs.longitude,
      })
      .from(code_access_logs)
      .leftJoin(viewers, eq(viewers.id, code_access_logs.viewer_id))
      .where(eq(code_access_logs.user_id, actor.userId))
      .orderBy(desc(code_access_logs.created_at), desc(code_access_logs.id))
      .limit(ACESSOS_PAGE_SIZE)
      .offset(offset),
    db.select({ n: count() }).from(code_access_logs).where(eq(code_access_logs.user_id, actor.userId)),
  ]);
  const acessos = rows.map((row): AcessoView => {
    const kind = isViewerKind(row.viewer_kind) ? row.viewer_kind : 'guest';
    return {
      id: row.id,
      created_at: row.created_at.toISOString(),
      viewer: kind === 'guest' ? null : { name: row.viewer_name ?? REMOVED_ACCOUNT_NAME, kind },
      tabs: row.tabs.split(',').filter(isAccessTab),
      codigo_substituido: row.codigo_substituido,
      destinatario: row.destinatario,
      localizacao:
        row.latitude === null || row.longitude === null
          ? null
          : { latitude: row.latitude, longitude: row.longitude },
    };
  });
  return { acessos, total: totals[0]?.n ?? 0 };
}

function isConsentItem(value: string): value is ConsentItem {
  return (CONSENT_ITEMS as readonly string[]).includes(value);
}

/**
 * The actor's own consent history (docs/authorization.md "Consent history"): the latest
 * {@link CONSENTIMENTOS_LIMIT} entries, newest first (`created_at`, then `id`), and how many there are.
 * Items the domain does not know are left out.
 */
export async function listConsentimentos(
  db: Db,
  actor: Actor,
): Promise<{ consentimentos: ConsentimentoView[]; total: number }> {
  const mine = eq(consent_events.user_id, actor.userId);
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: consent_events.id,
        created_at: consent_events.created_at,
        item: consent_events.item,
        valor: consent_events.valor,
      })
      .from(consent_events)
      .where(mine)
      .orderBy(desc(consent_events.created_at), desc(consent_events.id))
      .limit(CONSENTIMENTOS_LIMIT),
    db.select({ n: count() }).from(consent_events).where(mine),
  ]);
  const consentimentos = rows.flatMap((row): ConsentimentoView[] =>
    isConsentItem(row.item)
      ? [{ id: row.id, created_at: row.created_at.toISOString(), item: row.item, valor: row.valor }]
      : [],
  );
  return { consentimentos, total: totals[0]?.n ?? 0 };
}
