import type { AdminCapability, StaffRole } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useToken } from '../../../lib/token.ts';
import { adminKeys } from './keys.ts';

/** Answer of `GET /api/admin/me`: the staff member, the role and what it may do. */
export interface AdminMe {
  user: { id: number; name: string; email: string };
  role: StaffRole;
  capabilities: AdminCapability[];
}

/**
 * The signed-in staff member (`GET /api/admin/me`), asked only while a token
 * is stored. Rejects with an ApiError 403 'Esta conta não é da equipe do
 * Pulso.' for a patient's or a doctor's account (the area then says so).
 */
export function useAdminMe() {
  const token = useToken();
  return useQuery({
    queryKey: adminKeys.me,
    queryFn: ({ signal }) => api.get<AdminMe>('/admin/me', signal),
    enabled: token !== null,
    retry: false,
  });
}
