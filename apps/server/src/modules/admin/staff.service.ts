import type { StaffRole } from '@pulso/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staff, users } from '../../db/schema/index.ts';
import { drawFreeCode } from '../auth/index.ts';

/** Why a staff account was not created. */
export class StaffEmailTaken extends Error {
  constructor(readonly email: string) {
    super(`Já existe uma conta com o e-mail ${email}. Use outro e-mail para a conta da equipe.`);
  }
}

/**
 * Creates a staff account (issue 9 "Access") inside `tx`: a verified `users`
 * row that signs in through `POST /api/login`, and its `staff` row with
 * `role`. Staff accounts are their own: an e-mail that has an account (a
 * patient's, a doctor's) is refused with {@link StaffEmailTaken}, so no
 * one's health record becomes a staff login. Answers the new user id.
 */
export async function createStaffAccount(
  tx: Db,
  input: { name: string; email: string; passwordHash: string; role: StaffRole },
): Promise<number> {
  const email = input.email.trim().toLowerCase();
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  if (taken) throw new StaffEmailTaken(email);
  const now = new Date();
  const [user] = await tx
    .insert(users)
    .values({
      name: input.name,
      email,
      password_hash: input.passwordHash,
      code: await drawFreeCode(tx),
      email_verified_at: now,
      terms_accepted_at: now,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!user) throw new StaffEmailTaken(email);
  await tx.insert(staff).values({ user_id: user.id, role: input.role });
  return user.id;
}
