import { inArray } from 'drizzle-orm';
import type { Db } from './client.ts';
import { replaced_codes, retired_codes, users, virgin_codes } from './schema/index.ts';

/**
 * Which of `codes` (canonical) are not free to hand out (docs/codes.md "Personal code", "A lost sticker"): held
 * by an account, printed on a sticker (claimed or not), or replaced by their patient — a replaced code stays its
 * first owner's and keeps answering "Este código foi substituído" — or retired with an erased account
 * (docs/account-deletion.md "The code"), never to be drawn again. One statement for every candidate; the
 * primary keys of `users.code` and `virgin_codes` still settle a race with a concurrent draw.
 */
export async function takenCodes(db: Db, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ code: users.code })
    .from(users)
    .where(inArray(users.code, codes))
    .union(db.select({ code: virgin_codes.code }).from(virgin_codes).where(inArray(virgin_codes.code, codes)))
    .union(
      db
        .select({ code: replaced_codes.code })
        .from(replaced_codes)
        .where(inArray(replaced_codes.code, codes)),
    )
    .union(
      db.select({ code: retired_codes.code }).from(retired_codes).where(inArray(retired_codes.code, codes)),
    );
  return new Set(rows.map((row) => row.code));
}
