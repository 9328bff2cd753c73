import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { preloadEditorChunk } from './scripts/preloadEditorChunk';
import { firstScreenChunks } from './scripts/firstScreenChunks';

// In `vite` dev mode the functions are proxied to the Node host (`npm run serve`, port 5173).
const FUNCTIONS_PORT = Number(process.env.FUNCTIONS_PORT ?? 5173);

export default defineConfig({
  plugins: [
    react(),
    // The editor's chunk is fetched and compiled beside the first screen's, and run after it (docs/architecture.md "Start-up order").
    preloadEditorChunk(),
    // NotePad's own first-screen code in three chunks, not two dozen (docs/architecture.md "Start-up order").
    firstScreenChunks(),
    // Offline and installable (docs/product.md "Choices where the original specification was silent"): the service worker precaches the app shell; a new
    // version waits for the user ("Update available") instead of switching under them.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'NotePad',
        short_name: 'NotePad',
        description: 'A local-first note-taking app',
        start_url: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#7c3aed',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The password rules' dictionaries (over 800 KiB gzipped) are needed only to create an account, which needs the network anyway.
        // A shared note's page is not the app's: it is never cached, so a link always shows what its host serves now.
        globIgnores: ['**/passwordPolicy-*.js', 'share.html', 'assets/share-*'],
        navigateFallback: '/index.html',
        // The functions are live calls, never served from the cache; a shared note's page (/s/<id>) is loaded from the host.
        navigateFallbackDenylist: [/^\/functions\//, /^\/s\//],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
    }),
    // A shared note's page is not the installable app: it links no manifest (its policy would refuse the request).
    {
      name: 'notepad-share-page',
      apply: 'build',
      enforce: 'post',
      transformIndexHtml: {
        order: 'post',
        handler: (html, { path }) => (path === '/share.html' ? html.replace(/\s*<link rel="manifest"[^>]*>/, '') : html),
      },
    },
  ],
  server: {
    host: '127.0.0.1',
    port: 5174,
    proxy: { '/functions/v1': `http://127.0.0.1:${FUNCTIONS_PORT}` },
  },
  // Each build's identity (src/lib/buildId.ts): a snapshot written by another build is parsed before use.
  define: { __NOTEPAD_BUILD__: JSON.stringify(`${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`) },
  // NOTEPAD_DIST lets parallel test runs build into folders of their own (default dist/).
  build: {
    target: 'es2022',
    sourcemap: true,
    outDir: process.env.NOTEPAD_DIST || 'dist',
    emptyOutDir: true,
    // The app, and a shared note's page (docs/sync.md "Shared links"), which loads none of the app
    // (the bench's build, bench/vite.bench.config.ts, names the app's entry the same and adds its own).
    rolldownOptions: { input: { app: 'index.html', share: 'share.html' } },
  },
});
