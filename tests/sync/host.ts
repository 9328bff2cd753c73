/**
 * Sync hosts for the tests: the real host (functions + sync service + startServer) in this process,
 * or server/main.ts as a child process (tests/support/childHost.ts), on SQLite files in a temp
 * folder or on a Postgres database. The sign-up limit is raised unless a test sets it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIN_KDF } from '../../catalog/index.ts';
import { startServer } from '../../server/app';
import { createFunctions } from '../../server/functions';
import { createSyncService, type SyncService } from '../../server/sync/wiring';
import { startHostProcess, type ChildHost } from '../support/childHost';

/**
 * Settings every test host gets unless overridden: many sign-ups from one address, a fixed secret,
 * and new accounts at the least Argon2id cost NotePad takes (MIN_KDF), to keep tests quick.
 */
export const TEST_ENV: Record<string, string> = {
  AUTH_SIGNUP_MAX: '100000',
  AUTH_KDF_MEMORY_KIB: String(MIN_KDF.memoryKiB),
  AUTH_KDF_ITERATIONS: String(MIN_KDF.iterations),
  AUTH_SECRET: 'test-secret-of-the-sync-suite-0123456789abcdef',
  FUNCTIONS_ANON_KEY: 'test-anon-key',
};

/** A host in this process. */
export interface InProcessHost {
  url: string;
  dir: string;
  service: SyncService;
  close(): Promise<void>;
}

/**
 * Starts the host in this process on 127.0.0.1:0 with `env` over TEST_ENV; its files in `dir`
 * (kept) or a temp folder (removed at close). `now`: the sync handler's clock (sessions keep the real one).
 */
export async function startSyncHost(env: Record<string, string> = {}, dir?: string, now?: () => Date): Promise<InProcessHost> {
  const folder = dir ?? mkdtempSync(join(tmpdir(), 'notepad-sync-'));
  const all = { SYNC_DB_PATH: join(folder, 'sync.sqlite'), USAGE_DB_PATH: join(folder, 'usage.sqlite'), ...TEST_ENV, ...env };
  const service = await createSyncService(all, { now });
  const host = await startServer({
    port: 0,
    host: '127.0.0.1',
    distDir: join(folder, 'dist'),
    functions: createFunctions(all),
    sync: service,
  });
  return {
    url: host.url,
    dir: folder,
    service,
    close: async () => {
      await host.close();
      if (!dir) rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Starts server/main.ts as a child with `env` over TEST_ENV; its URL is `base` without /functions/v1. */
export async function startSyncChild(env: Record<string, string> = {}, dir?: string): Promise<ChildHost & { url: string }> {
  const child = await startHostProcess({ ...TEST_ENV, ...env }, { dir });
  return Object.assign(child, { url: child.base.replace(/functions\/v1$/, '') });
}
