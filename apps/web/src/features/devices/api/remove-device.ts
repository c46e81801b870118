import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { devicesQueryKey } from './get-devices.ts';

/** `DELETE /api/device/{id}` → `{id}` (docs/accounts.md "Devices"); refreshes the device list. */
export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ id: number }>(`/device/${id}`),
    meta: { blocking: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
  });
}
