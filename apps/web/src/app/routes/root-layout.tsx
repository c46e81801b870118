import { Outlet, ScrollRestoration } from 'react-router';

/** Top of the route tree: restores scroll on back/forward and starts new pages at the top. */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
