import { rmSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { MIN_KDF } from './catalog/index.ts';

// find-chromium.mjs is plain ESM without type declarations; a computed specifier keeps `tsc` from
// demanding a .d.ts while Node still loads it.
const findChromiumUrl = new URL('./scripts/find-chromium.mjs', import.meta.url).href;
const { findChromium } = (await import(findChromiumUrl)) as { findChromium: () => string };

const PORT = Number(process.env.E2E_PORT ?? 4317);
// Kept in step with scripts/test.mjs, which reads the json report from here.
const RESULTS_DIR = process.env.TEST_RESULTS_DIR || 'test-results';
const HOST = '127.0.0.1';
const HOST_DATA_DIR = `${RESULTS_DIR}/host-data-${PORT}`;
// Workers load this file too (TEST_WORKER_INDEX set): only the runner, before it starts the host, clears it.
if (process.env.TEST_WORKER_INDEX === undefined) rmSync(HOST_DATA_DIR, { recursive: true, force: true });
const baseURL = `http://${HOST}:${PORT}`;

// Timeouts are generous because CI machines have 2 cores shared by the server, Vite-built bundle
// parsing and three Chromium workers: a test spends much of its time waiting on the app's timers
// (autosave, debounces, toasts), so a third worker uses the CPU the other two leave idle.
export default defineConfig({
  testDir: 'tests/e2e',
  // Not the default `test-results`: Playwright empties its outputDir on start, which would delete
  // test-results/unit.json written by the unit suite just before.
  outputDir: `${RESULTS_DIR}/e2e-artifacts`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  workers: 3,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: `${RESULTS_DIR}/e2e.json` }]],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    permissions: ['clipboard-read', 'clipboard-write'],
    // The service worker precaches every chunk of the app in each test's new context: the specs that
    // need it allow it (the offline app, share pages, devices that sync offline), the rest block it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: findChromium(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  webServer: {
    command: 'npx tsx server/main.ts',
    // The host's databases live with this run's results (a fresh folder per run); the sync tests
    // create many accounts from one address, so the sign-up limit is raised for them (sign-ins that
    // succeed are never counted).
    env: {
      PORT: String(PORT),
      HOST,
      USAGE_DB_PATH: `${HOST_DATA_DIR}/usage.sqlite`,
      SYNC_DB_PATH: `${HOST_DATA_DIR}/sync.sqlite`,
      AUTH_SIGNUP_MAX: '100000',
      // Every AI helper test calls the functions from 127.0.0.1, and every shared note is opened from there.
      FUNCTIONS_RATE_MAX: '100000',
      SHARE_READS_MAX: '100000',
      // New accounts at the least Argon2id cost devices accept, as in the sync suite: every sign-up and
      // sign-in derives in the page. syncEncrypted.spec.ts keeps the product's default on a host of its own.
      AUTH_KDF_MEMORY_KIB: String(MIN_KDF.memoryKiB),
      AUTH_KDF_ITERATIONS: String(MIN_KDF.iterations),
    },
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
