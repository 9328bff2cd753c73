/** The NotePad host as a child process, for the functions tests and `npm run bench:functions`. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** The host as a child process (`node --import tsx server/main.ts`), so a crash would be seen. */
export interface ChildHost {
  base: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/** Where the child keeps its files: `dir` (kept at stop, so a restart finds its databases) or a new temp folder (removed at stop). */
export interface ChildHostOptions {
  dir?: string;
}

/**
 * Starts server/main.ts in a child process on 127.0.0.1 with a free port, its own empty dist
 * folder, usage database and sync databases (docs/sync.md), and `env` added; resolves when it
 * listens (rejects after 20 s or when it exits). `stop()` ends it and removes its folder unless
 * `options.dir` was given.
 */
export function startHostProcess(env: Record<string, string> = {}, options: ChildHostOptions = {}): Promise<ChildHost> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'notepad-fn-child-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      NOTEPAD_DIST: join(dir, 'dist'),
      USAGE_DB_PATH: join(dir, 'usage.sqlite'),
      SYNC_DB_PATH: join(dir, 'sync.sqlite'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`the host did not start within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+?)\/?\s/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolvePromise({
          base: `${match[1]}/functions/v1`,
          child,
          output: () => output,
          stop: async () => {
            if (child.exitCode === null) child.kill('SIGTERM');
            await exited;
            if (!options.dir) rmSync(dir, { recursive: true, force: true });
          },
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the host exited with code ${code}:\n${output}`));
    });
  });
}
