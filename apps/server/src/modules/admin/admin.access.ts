import { ADMIN_MESSAGES, type AdminCapability, isStaffRole, type StaffRole, staffCan } from '@pulso/domain';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { staffGuard } from '../../access.ts';
import type { Db } from '../../db/client.ts';
import { staff, users } from '../../db/schema/index.ts';
import { forbidden } from '../../errors.ts';
import { requireUser } from '../auth/index.ts';

/** The staff member acting (issue 9 "Access"), as every admin route and the audit log know them. */
export interface StaffActor {
  userId: number;
  role: StaffRole;
  email: string;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by {@link requireStaff}. */
    staff?: StaffActor;
  }
}

/** The staff member of account `userId` with an open account, or `null`. */
export async function staffOf(db: Db, userId: number): Promise<StaffActor | null> {
  const [row] = await db
    .select({ role: staff.role, email: users.email, name: users.name, active: users.is_active })
    .from(staff)
    .innerJoin(users, eq(users.id, staff.user_id))
    .where(eq(staff.user_id, userId))
    .limit(1);
  if (!row?.active || !isStaffRole(row.role)) return null;
  return { userId, role: row.role, email: row.email, name: row.name };
}

/**
 * preHandler of an admin route (issue 9 "Access": admin routes answer 403 to
 * every non-admin token): 401 without a live session; 403
 * {@link ADMIN_MESSAGES.notStaff} for an account that is not staff (a
 * patient, a doctor); 403 {@link ADMIN_MESSAGES.notAllowed} when the role
 * lacks `capability` (`staffCan`, packages/domain). Sets `request.staff`.
 */
export function requireStaff(capability: AdminCapability) {
  const guard = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await requireUser(request, reply);
    const actor = request.actor;
    const member = actor ? await staffOf(request.server.ctx.database.db, actor.userId) : null;
    if (!member) throw forbidden(ADMIN_MESSAGES.notStaff);
    if (!staffCan(member.role, capability)) throw forbidden(ADMIN_MESSAGES.notAllowed);
    request.staff = member;
  };
  return staffGuard(guard, capability);
}

/** The staff member `requireStaff` admitted (throws when a route forgot the hook). */
export function staffActor(request: FastifyRequest): StaffActor {
  if (!request.staff) throw new Error('admin route without requireStaff');
  return request.staff;
}
