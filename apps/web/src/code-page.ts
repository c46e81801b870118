/**
 * The browser entry of the public page /code/:code, apart from the app (docs/public-code-page.md):
 * Preact and the page's own components, no React, router or UI kit. The server renders the page and
 * names this entry's built file (apps/server modules/code/code-page.ts reads the Vite manifest).
 */
import { startCodePage } from '@pulso/code-page/client';

startCodePage();
