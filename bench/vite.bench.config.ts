import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vite';
import appConfig from '../vite.config';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The bench build: the app's own Vite config with a second entry, the bare BlockNote
 * baseline, written to bench/dist so the baseline never ships in the app's dist/.
 */
export default mergeConfig(
  appConfig,
  defineConfig({
    root,
    logLevel: 'warn',
    build: {
      outDir: 'bench/dist',
      emptyOutDir: true,
      // BENCH_PROFILE=1: readable names in the CPU profiles it records (bench/lib/cpuProfile.ts).
      minify: process.env.BENCH_PROFILE ? false : undefined,
      rollupOptions: {
        input: {
          app: fileURLToPath(new URL('../index.html', import.meta.url)),
          baseline: fileURLToPath(new URL('./baseline/index.html', import.meta.url)),
        },
      },
    },
  }),
);
