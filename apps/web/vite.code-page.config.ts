import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.ts';

/**
 * The public page of a code (/code/:code, docs/public-code-page.md) built on its own, after the app
 * (`npm run build`), into the same `dist/`: one self-contained entry of Preact and the page's
 * components (packages/code-page), sharing no chunk with the app, so that a rescuer's phone loads a
 * few kilobytes and nothing of React or the UI kit. The server reads `.vite/code-page-manifest.json`
 * to name the entry's file.
 */
export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  plugins: [precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    manifest: '.vite/code-page-manifest.json',
    rollupOptions: { input: { 'code-page': 'src/code-page.ts' } },
  },
});
