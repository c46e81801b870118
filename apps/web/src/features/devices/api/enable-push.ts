import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enablePush } from '../../../lib/push.ts';
import { devicesQueryKey } from './get-devices.ts';

/** Enables notifications on this browser (`lib/push.ts`), then refreshes the device list. */
export function useEnablePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enablePush,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
  });
}
