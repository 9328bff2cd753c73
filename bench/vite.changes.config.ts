import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vite';
import benchConfig from './vite.bench.config';

/**
 * The saves-as-changes spike's build (bench/changes/run.ts): the bench build (NotePad and the bare
 * BlockNote baseline) plus the spike's page, so all three load the very same BlockNote code.
 */
export default mergeConfig(
  benchConfig,
  defineConfig({
    build: { rollupOptions: { input: { changes: fileURLToPath(new URL('./changes/index.html', import.meta.url)) } } },
  }),
);
