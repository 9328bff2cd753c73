import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The import bench's bulk-append yardstick (bench/appendBaseline), built on its own: in the app's build
 * it would share the first screen's chunk, whose code starts NotePad in the page.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./appendBaseline', import.meta.url)),
  base: '/append/',
  logLevel: 'warn',
  build: { target: 'es2022', outDir: fileURLToPath(new URL('./dist/append', import.meta.url)), emptyOutDir: true },
});
