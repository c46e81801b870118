import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { qrcode_orders, replaced_codes, users } from '../../db/schema/index.ts';
import { drawFreeCode } from '../auth/index.ts';

/**
 * "Perdi meu adesivo" (`POST /api/qrcode/substituir`; docs/codes.md "A lost sticker"): gives the
 * patient `userId` a new code drawn like any other, in one transaction — the old code goes to
 * `replaced_codes` (it then answers 410 "Este código foi substituído" and is never drawn again), every
 * piece of data stays with the account, and the sticker orders not yet sent are printed with the new
 * code. Answers the new canonical code. A signed-in patient's row exists (requireUser): a missing one
 * is a server fault.
 */
export async function replaceCode(db: Db, userId: number): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ code: users.code }).from(users).where(eq(users.id, userId)).for('update');
    if (!row) throw new Error('Signed-in user not found');
    const fresh = await drawFreeCode(tx);
    await tx.insert(replaced_codes).values({ code: row.code, user_id: userId });
    await tx.update(users).set({ code: fresh }).where(eq(users.id, userId));
    await tx
      .update(qrcode_orders)
      .set({ code: fresh })
      .where(and(eq(qrcode_orders.user_id, userId), eq(qrcode_orders.status, 'A')));
    return fresh;
  });
}
