import { defineConfig } from 'vitest/config';

// Unit and handler tests; browser tests live in tests/e2e and run under Playwright.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/functions/**/*.test.ts', 'tests/sync/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20000,
  },
});
