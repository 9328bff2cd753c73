// Usage records in SQLite and `npm run usage`: stored with the server's clock, counted per
// UTC day and source with distinct sessions, printed as a table by scripts/usage-stats.ts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTrackUsageHandler } from '../../functions/track-app-usage/handler.ts';
import { openUsageStore } from '../../server/usageStore';
import { ROOT } from './functionsHelpers';

const dirs: string[] = [];
const tempDb = () => {
  const dir = mkdtempSync(join(tmpdir(), 'notepad-usage-'));
  dirs.push(dir);
  return join(dir, 'nested', 'usage.sqlite');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Records loads through the handler with a fixed clock, as the host does. */
async function track(path: string, loads: [string, string, string][]) {
  const store = openUsageStore(path);
  for (const [at, source, session] of loads) {
    const handler = createTrackUsageHandler({ anonKey: 'k', store, now: () => new Date(at) });
    const response = await handler(
      new Request('http://host/functions/v1/track-app-usage', {
        method: 'POST',
        headers: { apikey: 'k', 'Content-Type': 'application/json' },
        body: JSON.stringify({ app_name: 'NotePad', source, session_id: session }),
      }),
    );
    expect(response.status).toBe(200);
  }
  return store;
}

const LOADS: [string, string, string][] = [
  ['2026-11-20T23:59:59.000Z', 'direct', 's1'],
  ['2026-11-21T00:00:00.000Z', 'direct', 's1'],
  ['2026-11-21T08:00:00.000Z', 'direct', 's1'],
  ['2026-11-21T09:00:00.000Z', 'direct', 's2'],
  ['2026-11-21T10:00:00.000Z', 'video-app', 's3'],
];

describe('the SQLite usage store', () => {
  it('creates its folder and counts loads and distinct sessions per UTC day and source', async () => {
    const store = await track(tempDb(), LOADS);
    expect(store.countsBySourceAndDay()).toEqual([
      { day: '2026-11-20', source: 'direct', loads: 1, sessions: 1 },
      { day: '2026-11-21', source: 'direct', loads: 3, sessions: 2 },
      { day: '2026-11-21', source: 'video-app', loads: 1, sessions: 1 },
    ]);
    expect(store.countsBySourceAndDay({ sinceDay: '2026-11-21' })).toHaveLength(2);
    store.close();
  });

  it('keeps records across reopening the file', async () => {
    const path = tempDb();
    (await track(path, LOADS.slice(0, 2))).close();
    const reopened = openUsageStore(path);
    expect(reopened.countsBySourceAndDay().reduce((sum, c) => sum + c.loads, 0)).toBe(2);
    reopened.close();
  });
});

describe('track-app-usage when the store fails', () => {
  it('answers 503 JSON and logs the cause instead of failing with a 500', async () => {
    const errors: string[] = [];
    const handler = createTrackUsageHandler({
      anonKey: 'k',
      store: {
        record: () => {
          throw new Error('SQLITE_FULL: database or disk is full');
        },
      },
      log: { warn: () => undefined, error: (line) => errors.push(line) },
    });
    const response = await handler(
      new Request('http://host/functions/v1/track-app-usage', {
        method: 'POST',
        headers: { apikey: 'k', 'Content-Type': 'application/json' },
        body: JSON.stringify({ app_name: 'NotePad', source: 'direct', session_id: 's' }),
      }),
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: 'Usage could not be stored right now' });
    expect(errors).toEqual(['[track-app-usage] the usage store failed: SQLITE_FULL: database or disk is full']);
  });
});

describe('npm run usage', () => {
  const run = (args: string[]) => {
    try {
      return {
        code: 0,
        out: execFileSync(process.execPath, ['--import', 'tsx', 'scripts/usage-stats.ts', ...args], {
          cwd: ROOT,
          encoding: 'utf8',
          stdio: 'pipe',
        }),
      };
    } catch (error) {
      const e = error as { status: number; stdout: string; stderr: string };
      return { code: e.status, out: e.stdout + e.stderr };
    }
  };

  it('prints a table of loads and sessions per day and source with a total', async () => {
    const path = tempDb();
    (await track(path, LOADS)).close();
    const { code, out } = run(['--db', path]);
    expect(code).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines[0]).toBe(`Usage records in ${path}`);
    expect(lines[1]).toMatch(/^day \(UTC\)\s+source\s+loads\s+sessions$/);
    expect(lines[2]).toMatch(/^2026-11-20\s+direct\s+1\s+1$/);
    expect(lines[3]).toMatch(/^2026-11-21\s+direct\s+3\s+2$/);
    expect(lines[4]).toMatch(/^2026-11-21\s+video-app\s+1\s+1$/);
    expect(lines[5]).toMatch(/^total\s+2 sources\s+5$/);
    expect(JSON.parse(run(['--db', path, '--json']).out)).toHaveLength(3);
  });

  it('says clearly when there is no database and refuses bad arguments', () => {
    const missing = run(['--db', join(tmpdir(), 'no-such-dir-notepad', 'usage.sqlite')]);
    expect(missing.code).toBe(1);
    expect(missing.out).toMatch(/No usage database at/);
    const bad = run(['--days', 'soon']);
    expect(bad.code).toBe(2);
    expect(bad.out).toMatch(/--days must be a whole number/);
  });
});
