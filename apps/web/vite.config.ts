import {
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
} from '@mantine/core';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { cssVariablesResolver, theme } from './src/app/theme.ts';
import { precompress } from './vite-precompress.ts';

const THEME_CSS_ID = 'virtual:pulso-theme.css';
const RESOLVED_THEME_CSS_ID = `\0${THEME_CSS_ID}`;

/**
 * Serves the theme's CSS variables as a static stylesheet, computed at build
 * time from `src/app/theme.ts`. MantineProvider would otherwise inject them in
 * a `<style>` element, which a strict `style-src 'self'` CSP blocks.
 */
function mantineThemeCss(): Plugin {
  return {
    name: 'pulso-mantine-theme-css',
    resolveId: (id) => (id === THEME_CSS_ID ? RESOLVED_THEME_CSS_ID : undefined),
    load(id) {
      if (id !== RESOLVED_THEME_CSS_ID) return undefined;
      const merged = mergeMantineTheme(DEFAULT_THEME, theme);
      const base = defaultCssVariablesResolver(DEFAULT_THEME);
      const ours = defaultCssVariablesResolver(merged);
      const extra = cssVariablesResolver(merged);
      const diff = { variables: {}, light: {}, dark: {} } as Record<
        'variables' | 'light' | 'dark',
        Record<string, string>
      >;
      for (const scope of ['variables', 'light', 'dark'] as const) {
        for (const [name, value] of Object.entries({ ...ours[scope], ...extra[scope] })) {
          if (base[scope][name as keyof (typeof base)[typeof scope]] !== value) diff[scope][name] = value;
        }
      }
      return convertCssVariables(diff as Parameters<typeof convertCssVariables>[0]);
    },
  };
}

/**
 * The web app manifest and the one service worker (docs/offline-card.md): our own `src/sw.js` (Web Push
 * and Workbox), built to `/sw.js` with the list of the built shell's files to precache. The app
 * registers it itself (`src/lib/service-worker.ts`), so nothing is injected into index.html but the
 * manifest link. The Vite dev server has no service worker: try offline and push on a build.
 */
function pwa() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.js',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    includeAssets: [],
    injectManifest: {
      rollupFormat: 'iife',
      // The shell: scripts, styles, index.html, fonts and icons. Not the Vite manifest, not the
      // precompressed twins (the browser asks for the plain URL), never anything of /api or /code.
      globPatterns: ['**/*.{js,css,html,svg,png,woff,woff2,webmanifest}'],
      // The password-strength dictionaries (1 MB) serve only the sign-up and password forms, which need
      // the network anyway.
      globIgnores: ['.vite/**', 'sw.js', 'assets/password-strength-*.js'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
    manifest: {
      id: '/',
      name: 'Pulso',
      short_name: 'Pulso',
      description: 'Seu prontuário pessoal e seus dados de emergência sempre à mão.',
      lang: 'pt-BR',
      start_url: '/home',
      scope: '/',
      display: 'standalone',
      theme_color: '#1971c2',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      shortcuts: [{ name: 'Meu cartão de emergência', short_name: 'Cartão', url: '/cartao' }],
    },
  });
}

/** Vite config of the SPA; also the base of Vitest's `web` project (root vitest.config.ts). */
export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  // The public page's Preact components (packages/code-page) are not React's: no Fast Refresh there.
  plugins: [react({ exclude: /packages\/code-page\// }), mantineThemeCss(), pwa(), precompress()],
  server: {
    port: 5173,
    // The first matching entry wins: the realtime endpoint (WebSocket upgrades) before the rest of the API.
    proxy: {
      '/api/socket.io': { target: 'http://localhost:3000', ws: true },
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      // The public page of a code is rendered by the server (docs/public-code-page.md).
      '/code/': { target: 'http://localhost:3000' },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api/socket.io': { target: 'http://localhost:3000', ws: true },
      '/api': { target: 'http://localhost:3000' },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by the server to name the public page's script (apps/server modules/code/code-page.ts).
    manifest: true,
  },
});
