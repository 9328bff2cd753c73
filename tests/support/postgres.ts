/**
 * A throwaway PostgreSQL cluster for tests and benches (docs/sync.md "Tests"): Debian's PostgreSQL
 * binaries (installed with apt-get when missing and running as root), a fresh data directory in
 * the system's temp folder, a free port on 127.0.0.1 only, and a `stop()` that always removes it.
 * A machine without PostgreSQL fails with a message that says how to install it; nothing skips.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A running cluster: its `url` (database `postgres`, user `app`, no password) and how to end it. */
export interface PostgresCluster {
  url: string;
  port: number;
  dir: string;
  /** A new empty database in this cluster; resolves with its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (fast shutdown) and removes its folder. Safe to call twice. */
  stop(): Promise<void>;
}

/** What to start: `durable: false` (tests) turns fsync and synchronous commit off for speed. */
export interface PostgresOptions {
  durable?: boolean;
}

const isRoot = () => process.getuid?.() === 0;

/** The folder holding initdb and pg_ctl, or null. */
function findBinDir(): string | null {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : null;
}

/**
 * The binaries' folder, installing Debian's `postgresql` package when missing and root.
 * @throws with installation advice when they cannot be found or installed.
 */
function postgresBinDir(): string {
  const found = findBinDir();
  if (found) return found;
  if (isRoot()) {
    const install = () =>
      spawnSync('apt-get', ['install', '-y', 'postgresql'], {
        stdio: 'ignore',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    if (install().status !== 0) {
      spawnSync('apt-get', ['update'], { stdio: 'ignore' });
      install();
    }
    const installed = findBinDir();
    if (installed) return installed;
  }
  throw new Error(
    'PostgreSQL is not installed (initdb and pg_ctl were not found on PATH or in /usr/lib/postgresql/*/bin). ' +
      'Install it with: sudo apt-get install -y postgresql (Debian/Ubuntu). The sync tests need it and do not skip.',
  );
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL binary as the `postgres` user when root (initdb refuses root), directly otherwise. */
function runAs(bin: string, args: string[]): void {
  const [command, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  execFileSync(command, argv, { stdio: 'pipe', timeout: 60_000 });
}

/**
 * Starts a cluster on a free port of 127.0.0.1 (unix socket in its own folder) and resolves when it
 * accepts connections. The cluster is also stopped when this process exits.
 * @throws when PostgreSQL is missing or does not start (the message carries its log).
 */
export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'notepad-pg-'));
  const data = join(dir, 'data');
  if (isRoot())
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
      Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
    );
  const port = await freePort();
  const settings = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c max_connections=200'];
  if (options.durable === false) settings.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');
  const pgCtl = join(bin, 'pg_ctl');
  let stopped = false;
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    const [command, argv] = isRoot()
      ? ['runuser', ['-u', 'postgres', '--', pgCtl, '-D', data, '-m', 'fast', '-w', 'stop']]
      : [pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']];
    spawnSync(command, argv, { stdio: 'ignore', timeout: 30_000 });
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    runAs(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'app', '-E', 'UTF8', '--no-sync']);
    runAs(pgCtl, ['-D', data, '-o', settings.join(' '), '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  } catch (error) {
    let log = '';
    try {
      log = execFileSync('tail', ['-n', '30', join(dir, 'log')]).toString();
    } catch {
      // no log yet
    }
    stopNow();
    const detail = error instanceof Error ? ((error as { stderr?: Buffer }).stderr?.toString() ?? error.message) : String(error);
    throw new Error(`PostgreSQL did not start: ${detail}\n${log}`);
  }
  process.once('exit', stopNow);
  const url = `postgres://app@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    dir,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
      return `postgres://app@127.0.0.1:${port}/${encodeURIComponent(name)}`;
    },
    async stop() {
      process.removeListener('exit', stopNow);
      stopNow();
    },
  };
}
