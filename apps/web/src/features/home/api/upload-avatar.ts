import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { type HomeSaveResponse, storeHomeUser } from './get-home.ts';

/**
 * `POST /api/home/avatar`, multipart field `avatar`
 * (docs/accounts.md "Profile photo": a 350×350 PNG). Shows 'Carregando ...'
 * while it runs; caches the answer's user.
 */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (png: Blob) => {
      const body = new FormData();
      body.append('avatar', png, 'avatar.png');
      return api.post<HomeSaveResponse>('/home/avatar', body);
    },
    meta: { blocking: true },
    onSuccess: ({ user }) => storeHomeUser(queryClient, user),
  });
}
