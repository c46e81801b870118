import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type InitialEntry, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** Renders `ui` inside the app providers (Mantine in test mode, a fresh query client). */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = createQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient} env="test">
      {ui}
    </AppProviders>,
  );
  return { ...result, queryClient };
}

/** Renders a route tree in a memory router at `path`, inside the app providers. */
export function renderRoutes(routes: RouteObject[], path: InitialEntry) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { ...renderWithProviders(<RouterProvider router={router} />), router };
}

/** A JSON `Response` for fetch mocks. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
