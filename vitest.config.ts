import { defineConfig } from 'vitest/config';

// Unit and handler tests; browser tests live in tests/e2e and run under Playwright.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/functions/**/*.test.ts', 'tests/sync/**/*.test.ts'],
    environment: 'node',
    // Hang guards, not speed checks: a host started as a child process and a few Argon2id derivations
    // take several times longer on a busy 2-core machine than on a quiet one.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Vitest's default in a run is one worker fewer than the cores: one on a 2-core CI machine. Most files
    // wait on servers, databases and timers rather than the CPU, so three keep both cores busy.
    maxWorkers: 3,
  },
});
