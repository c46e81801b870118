import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SnackbarProvider } from '../lib/snackbar/snackbar-context.tsx';
import { LoadingProvider } from './loading/loading-context.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * App-wide providers. Mantine's runtime `<style>` tags are off (a strict CSP
 * blocks them): the theme's variables come from `virtual:pulso-theme.css`.
 * `env="test"` turns off transitions and portals in unit tests.
 */
export function AppProviders({
  queryClient,
  children,
  env = 'default',
}: {
  queryClient: QueryClient;
  children: ReactNode;
  env?: 'default' | 'test';
}) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      withCssVariables={false}
      withGlobalClasses={false}
      forceColorScheme="light"
      env={env}
    >
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider>
          <LoadingProvider>{children}</LoadingProvider>
        </SnackbarProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
