import { DEVICE_MESSAGES, type DeviceView, MAX_DEVICES_PER_USER, parsePushSubscription } from '@pulso/domain';
import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../errors.ts';

const view = {
  id: devices.id,
  user_agent: devices.user_agent,
  updated_at: devices.updated_at,
} as const;

function toView(row: { id: number; user_agent: string | null; updated_at: Date }): DeviceView {
  return { id: row.id, user_agent: row.user_agent, updated_at: row.updated_at.toISOString() };
}

/**
 * Stores the browser's push subscription for `userId` (docs/accounts.md "Devices",
 * `POST /device`). The same endpoint already in the user's list is refreshed (keys,
 * user agent, `updated_at`) instead of duplicated. The endpoint is removed from any
 * other account first: a browser belongs to whoever enabled notifications on it last,
 * so that the previous user's notifications never show on someone else's screen.
 * Beyond {@link MAX_DEVICES_PER_USER} the least recently updated devices are dropped.
 */
export async function registerDevice(
  db: Db,
  userId: number,
  firebaseToken: string,
  userAgent: string | undefined,
): Promise<{ device: DeviceView; created: boolean }> {
  const subscription = parsePushSubscription(firebaseToken);
  if (!subscription) throw fieldError('firebase_token', DEVICE_MESSAGES.invalidSubscription);
  const { endpoint } = subscription;
  const ua = userAgent?.slice(0, 255) || null;

  return db.transaction(async (tx) => {
    await tx.delete(devices).where(and(eq(devices.endpoint, endpoint), ne(devices.user_id, userId)));
    const [row] = await tx
      .insert(devices)
      .values({ user_id: userId, firebase_token: firebaseToken, endpoint, user_agent: ua })
      .onConflictDoUpdate({
        target: [devices.user_id, devices.endpoint],
        set: { firebase_token: firebaseToken, user_agent: ua, updated_at: sql`now()` },
      })
      // xmax is 0 on a row this statement inserted, non-zero on one it updated.
      .returning({ ...view, created: sql<boolean>`(xmax = 0)` });
    if (!row) throw new Error('Device upsert returned no row');
    const keep = tx
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.user_id, userId))
      .orderBy(desc(devices.updated_at), desc(devices.id))
      .limit(MAX_DEVICES_PER_USER);
    await tx.delete(devices).where(and(eq(devices.user_id, userId), notInArray(devices.id, keep)));
    return { device: toView(row), created: row.created === true };
  });
}

/** The user's devices, most recently updated first (docs/accounts.md "Devices", `GET /api/devices`). */
export async function listDevices(db: Db, userId: number): Promise<DeviceView[]> {
  const rows = await db
    .select(view)
    .from(devices)
    .where(eq(devices.user_id, userId))
    .orderBy(desc(devices.updated_at), desc(devices.id));
  return rows.map(toView);
}

/**
 * Deletes one of the user's devices (docs/accounts.md "Devices",
 * `DELETE /api/device/{id}`). Another user's device answers exactly like a missing
 * one: 404.
 */
export async function removeDevice(db: Db, userId: number, deviceId: number): Promise<number> {
  const [row] = await db
    .delete(devices)
    .where(and(eq(devices.id, deviceId), eq(devices.user_id, userId)))
    .returning({ id: devices.id });
  if (!row) throw notFound(DEVICE_MESSAGES.notFound);
  return row.id;
}
