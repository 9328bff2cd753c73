// The ShareStore contract and the schema migrations (docs/sync.md "Shared links", "Stores"): the same
// cases on SQLite and on Postgres, with the host's clock given to each call, so expiry is tested at
// exact times; and the numbered migrations on fresh databases and on databases made before them.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { ShareStore, ShareWrite } from '../../functions/sync/shareStore.ts';
import { MIGRATIONS, migratePostgres, migrateSqlite } from '../../server/sync/migrations';
import { openPostgresShareStore } from '../../server/sync/postgresShares';
import { openPostgresSyncStore } from '../../server/sync/postgresStore';
import { openSqliteShareStore } from '../../server/sync/sqliteShares';
import { openSqliteSyncStore, openSyncDatabase } from '../../server/sync/sqliteStore';
import { usePostgresCluster } from './cluster';

const cluster = usePostgresCluster();
const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const NOW = new Date('2026-11-27T10:00:00.000Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);
const DAY = 86_400_000;
const TAG = 'A'.repeat(43);
let databases = 0;

const copy = (id: string, change: Partial<ShareWrite> = {}): ShareWrite => ({
  id,
  expiresAt: null,
  tag: TAG,
  body: `{"v":1,"kdf":null,"wrap":"w","c":"${id}"}`,
  bytes: 40,
  ...change,
});

/** A share store of each kind, on a fresh database, with the pool or file to close. */
const kinds: Record<string, () => Promise<{ shares: ShareStore; close(): Promise<void> }>> = {
  sqlite: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'notepad-shares-'));
    folders.push(dir);
    const db = openSyncDatabase(join(dir, 'sync.sqlite'));
    const store = openSqliteSyncStore(db);
    return { shares: openSqliteShareStore(db), close: () => store.close() };
  },
  postgres: async () => {
    const url = await cluster().createDatabase(`share_store_${++databases}`);
    const pool = new pg.Pool({ connectionString: url });
    const store = await openPostgresSyncStore(pool, url);
    return {
      shares: openPostgresShareStore(pool),
      close: async () => {
        await store.close();
        await pool.end();
      },
    };
  },
};

describe.each(Object.keys(kinds))('the share store on %s', (kind) => {
  it('makes, replaces and changes a link of its owner only, and deletes it for its owner only', async () => {
    const { shares, close } = await kinds[kind]();
    try {
      expect(await shares.write('alice', copy('link-a'), NOW, 100)).toBe('created');
      expect(await shares.write('bob', copy('link-a', { body: '{"v":1}' }), NOW, 100)).toBe('not-yours');
      expect(await shares.write('alice', copy('link-a', { body: '{"v":1,"c":"new"}', bytes: 16 }), later(1000), 100)).toBe('replaced');
      expect(await shares.read('link-a', later(2000))).toEqual({ body: '{"v":1,"c":"new"}', updatedAt: later(1000).toISOString() });
      expect(await shares.write('alice', copy('link-a', { body: null, expiresAt: later(DAY) }), later(3000), 100)).toBe('updated');
      expect(await shares.write('alice', copy('link-b', { body: null }), NOW, 100)).toBe('missing');
      expect(await shares.list('alice', later(4000))).toEqual([
        {
          id: 'link-a',
          createdAt: NOW.toISOString(),
          updatedAt: later(1000).toISOString(),
          expiresAt: later(DAY).toISOString(),
          expired: false,
          bytes: 16,
          tag: TAG,
        },
      ]);
      expect(await shares.remove('bob', 'link-a')).toBe(false);
      expect(await shares.remove('alice', 'link-a')).toBe(true);
      expect(await shares.read('link-a', NOW)).toBe('missing');
      expect(await shares.list('alice', NOW)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('ends a copy at its expiry by the given clock: read or swept, it is deleted and answers expired', async () => {
    const { shares, close } = await kinds[kind]();
    try {
      await shares.write('alice', copy('soon', { expiresAt: later(DAY) }), NOW, 100);
      await shares.write('alice', copy('also-soon', { expiresAt: later(DAY) }), NOW, 100);
      await shares.write('alice', copy('never'), NOW, 100);
      expect(await shares.read('soon', later(DAY - 1))).toMatchObject({ body: copy('soon').body });
      expect(await shares.read('soon', later(DAY))).toBe('expired');
      // Once expired it stays so, whatever clock a later call brings.
      expect(await shares.read('soon', NOW)).toBe('expired');
      expect(await shares.expire(later(DAY + 1))).toBe(1);
      expect(await shares.expire(later(DAY + 2))).toBe(0);
      const listed = await shares.list('alice', later(DAY + 3));
      expect(listed.map((s) => [s.id, s.expired, s.bytes])).toEqual([
        ['also-soon', true, 0],
        ['never', false, 40],
        ['soon', true, 0],
      ]);
      expect(await shares.read('also-soon', NOW)).toBe('expired');
      expect(await shares.write('alice', copy('soon', { body: null }), later(DAY + 4), 100)).toBe('expired');
      expect(await shares.write('alice', copy('soon', { expiresAt: later(3 * DAY) }), later(DAY + 5), 100)).toBe('replaced');
      expect(await shares.read('soon', later(DAY + 6))).toMatchObject({ body: copy('soon').body });
    } finally {
      await close();
    }
  });

  it('counts only live links against the limit, and forgets every link of a deleted account', async () => {
    const { shares, close } = await kinds[kind]();
    try {
      await shares.write('alice', copy('one', { expiresAt: later(DAY) }), NOW, 2);
      await shares.write('alice', copy('two'), NOW, 2);
      expect(await shares.write('alice', copy('three'), NOW, 2)).toBe('too-many');
      expect(await shares.write('bob', copy('bobs'), NOW, 2)).toBe('created');
      // An expired link leaves its place; bringing it back needs a place again.
      expect(await shares.write('alice', copy('three'), later(DAY), 2)).toBe('created');
      expect(await shares.write('alice', copy('one'), later(DAY), 2)).toBe('too-many');
      await Promise.all(['four', 'five', 'six'].map((id) => shares.write('carol', copy(id), NOW, 2)));
      expect((await shares.list('carol', NOW)).length).toBe(2);
      await shares.deleteUser('alice');
      expect(await shares.list('alice', NOW)).toEqual([]);
      expect(await shares.read('two', NOW)).toBe('missing');
      expect(await shares.read('bobs', NOW)).toMatchObject({ body: copy('bobs').body });
    } finally {
      await close();
    }
  });
});

describe('schema migrations', () => {
  it('are numbered 1, 2, ... without a gap, with DDL for both databases', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    for (const m of MIGRATIONS) expect(m.sqlite.trim() && m.postgres.trim()).toBeTruthy();
  });

  it('on SQLite: a new file gets every version once; a file made before migrations keeps every row and gets the rest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'notepad-migrations-'));
    folders.push(dir);
    const fresh = new Database(join(dir, 'fresh.sqlite'));
    expect(migrateSqlite(fresh)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(migrateSqlite(fresh)).toEqual([]);
    fresh.close();
    cpSync(join(import.meta.dirname, '../fixtures/legacy-sync/sqlite/sync.sqlite'), join(dir, 'old.sqlite'));
    const old = new Database(join(dir, 'old.sqlite'));
    const count = () => old.prepare('SELECT count(*) AS n FROM sync_events').get() as { n: number };
    const before = count().n;
    expect(before).toBeGreaterThan(0);
    expect(migrateSqlite(old)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(count().n).toBe(before);
    expect(old.prepare('SELECT version, name FROM sync_schema_migrations ORDER BY version').all()).toEqual(
      MIGRATIONS.map(({ version, name }) => ({ version, name })),
    );
    expect(old.prepare("SELECT name FROM sqlite_master WHERE name = 'sync_shares'").get()).toEqual({ name: 'sync_shares' });
    old.close();
  });

  it('on Postgres: hosts started at once apply each version once; a database made before migrations keeps every row', async () => {
    const url = await cluster().createDatabase('migrations_old');
    execFileSync('psql', ['-q', '-v', 'ON_ERROR_STOP=1', '-f', join(import.meta.dirname, '../fixtures/legacy-sync/postgres.sql'), url], {
      stdio: 'pipe',
    });
    const pools = [new pg.Pool({ connectionString: url }), new pg.Pool({ connectionString: url })];
    try {
      const before = Number((await pools[0].query('SELECT count(*) AS n FROM sync_events')).rows[0].n);
      expect(before).toBeGreaterThan(0);
      const applied = await Promise.all(pools.map((pool) => migratePostgres(pool)));
      expect(applied.flat().sort()).toEqual(MIGRATIONS.map((m) => m.version));
      expect(Number((await pools[0].query('SELECT count(*) AS n FROM sync_events')).rows[0].n)).toBe(before);
      expect((await pools[1].query('SELECT version FROM sync_schema_migrations ORDER BY version')).rows.map((r) => r.version)).toEqual(
        MIGRATIONS.map((m) => m.version),
      );
      expect(await migratePostgres(pools[0])).toEqual([]);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });
});
