import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The bench's seeding page (bench/seed/), built on its own into bench/dist/bench/seed: in the app's
 * build it would share the log's database module with the app, and so change the app's chunks.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./seed', import.meta.url)),
  base: '/bench/seed/',
  logLevel: 'warn',
  build: { target: 'es2022', outDir: fileURLToPath(new URL('./dist/bench/seed', import.meta.url)), emptyOutDir: true },
});
