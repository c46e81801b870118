import type { DeviceView } from '@pulso/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Query key of the signed-in user's devices. */
export const devicesQueryKey = ['devices'] as const;

/** `GET /api/devices` → `{devices: [{id, user_agent, updated_at}]}`, newest first (docs/accounts.md "Devices"). */
export function useDevices() {
  return useQuery({
    queryKey: devicesQueryKey,
    queryFn: ({ signal }) => api.get<{ devices: DeviceView[] }>('/devices', signal),
  });
}
