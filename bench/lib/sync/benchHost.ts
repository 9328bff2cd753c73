/**
 * The real NotePad host for the sync figures (docs/benchmarks.md "Sync figures"): server/main.ts as
 * a child process on 127.0.0.1, serving the bench build with the functions, accounts and sync, its
 * databases in a temp folder removed at stop.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startHostProcess } from '../../../tests/support/childHost';
import { BLANK_PATH } from '../server';

/** A running host: the app's origin, how much it printed, and how to stop it. */
export interface BenchHost {
  origin: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Start server/main.ts with `NOTEPAD_DIST=distDir` (the bench build), sync and accounts on SQLite
 * in a fresh temp folder, and the sign-up limit raised (every account of the bench is made from
 * 127.0.0.1). The bench's blank seeding page is written into the build as a folder index, so the
 * host serves it at the same path as the static server does and the app never runs there.
 */
export async function startBenchHost(distDir: string): Promise<BenchHost> {
  const blankDir = join(distDir, BLANK_PATH);
  mkdirSync(blankDir, { recursive: true });
  writeFileSync(join(blankDir, 'index.html'), '<!doctype html><title>bench</title>');
  // BENCH_HOST_PORT: listen there (a session given a range of ports); default any free one.
  const port: Record<string, string> = process.env.BENCH_HOST_PORT ? { PORT: process.env.BENCH_HOST_PORT } : {};
  const child = await startHostProcess({ NOTEPAD_DIST: distDir, AUTH_SIGNUP_MAX: '100000', ...port });
  return { origin: new URL(child.base).origin, output: child.output, stop: () => child.stop() };
}
