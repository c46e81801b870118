/**
 * Opens a page the server renders rather than a route of this app — the public page of a code,
 * /code/:code (docs/public-code-page.md) — with a full navigation.
 */
export function openServerPage(path: string): void {
  window.location.assign(path);
}
