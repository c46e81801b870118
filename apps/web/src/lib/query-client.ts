import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** `blocking: true` shows the global 'Carregando ...' dialog while the mutation runs. */
    mutationMeta: { blocking?: boolean };
  }
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** A query client with Pulso's defaults: no retry on 4xx, 30 s freshness. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** The app's single query client. */
export const queryClient = createQueryClient();
