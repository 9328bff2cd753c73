// `npm start`: builds the app when dist/ is missing or older than its sources, then runs the
// NotePad host (server/main.ts under tsx) in the foreground on http://HOST:PORT/ (default 127.0.0.1:5173).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

/** Newest modification time (ms) and its file among `paths`, descending into directories. */
function newest(paths) {
  let best = { mtime: 0, file: null };
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      const inner = newest(readdirSync(path).map((name) => join(path, name)));
      if (inner.mtime > best.mtime) best = inner;
    } else if (stat.mtimeMs > best.mtime) {
      best = { mtime: stat.mtimeMs, file: path };
    }
  }
  return best;
}

/** Why the app must be (re)built, or null when dist/index.html is newer than every input. */
function buildReason() {
  const builtIndex = join(root, 'dist', 'index.html');
  if (!existsSync(builtIndex)) return 'dist/index.html is missing';
  // public/ is copied into dist/ by Vite, so a changed asset also needs a build.
  const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => join(root, p));
  const source = newest(inputs);
  if (source.mtime > statSync(builtIndex).mtimeMs) return `${relative(root, source.file)} is newer than dist/index.html`;
  return null;
}

if (!existsSync(bin('tsx')) || !existsSync(bin('vite'))) {
  console.error('NotePad: dependencies are not installed. Run: npm install');
  process.exit(1);
}

const reason = buildReason();
if (reason) {
  console.log(`NotePad: building the app (${reason}): vite build`);
  const build = spawnSync(bin('vite'), ['build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error(`NotePad: the build failed (exit code ${build.status ?? build.signal}); not starting.`);
    process.exit(build.status || 1);
  }
} else {
  console.log('NotePad: dist/ is up to date, skipping the build');
}

const env = { ...process.env, PORT: process.env.PORT || '5173', HOST: process.env.HOST || '127.0.0.1' };
console.log(`NotePad: starting the host: tsx server/main.ts (HOST=${env.HOST} PORT=${env.PORT})`);
const server = spawn(bin('tsx'), ['server/main.ts'], { cwd: root, env, stdio: 'inherit' });

// Forward signals so a service manager or `kill` on this process stops the host too; the host's
// exit then ends this process with the same status.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
server.on('error', (error) => {
  console.error(`NotePad: could not start the host: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  // Shell convention: a host killed by a signal ends this process with 128 + the signal number.
  process.exit(code ?? 128 + (constants.signals[signal] ?? 1));
});
