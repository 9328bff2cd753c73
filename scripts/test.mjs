// `npm test`: lint (ESLint, Prettier, knip twice and the import cycle check, side by side: one check each), unit
// tests (vitest) with the production build started beside them, then the browser tests (Playwright) against that
// build, then one summary line `N passed, N failed` over every suite. `--lint` / `--unit` /
// `--e2e` run those suites only; any other arguments are passed to the test runner(s), e.g. a file filter.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from './find-chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
// TEST_RESULTS_DIR (and NOTEPAD_DIST, E2E_PORT) let parallel runs keep apart; defaults as in README.
const resultsDir = resolve(root, process.env.TEST_RESULTS_DIR || 'test-results');
const UNIT_JSON = join(resultsDir, 'unit.json');
const E2E_JSON = join(resultsDir, 'e2e.json'); // written by the json reporter in playwright.config.ts

const selectors = new Set(['--lint', '--unit', '--e2e']);
const argv = process.argv.slice(2);
const passThrough = argv.filter((arg) => !selectors.has(arg));
const only = argv.filter((arg) => selectors.has(arg));
const runLint = only.length === 0 || only.includes('--lint');
const runUnit = only.length === 0 || only.includes('--unit');
const runE2e = only.length === 0 || only.includes('--e2e');

const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };
// Every child still running: the lint tools run side by side, the build beside the unit tests.
const running = new Set();
// Ctrl+C reaches the whole process group anyway; a SIGTERM sent to this process alone (CI timeouts)
// must reach the runners too, so that Playwright stops its server and browsers.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (running.size > 0) for (const child of running) stop(child, signal);
    else process.exit(128 + SIGNAL_NUMBERS[signal]);
  });
}

/** Sends `signal` to a child; a buffered one leads a process group of its own (npm's script with it). */
function stop(child, signal) {
  try {
    if (child.detachedGroup) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // Already gone.
  }
}

/**
 * Runs a command; resolves with its exit code (signals map to 128+n) and, when `buffered`, its stdout and
 * stderr in the order they came (one string), for printing once the command before it has printed.
 */
function start(command, args, { env = process.env, buffered = false } = {}) {
  return new Promise((resolve) => {
    const chunks = [];
    // A buffered child gets a process group of its own, so that a signal reaches what it started too: npm's
    // script (lint:cycles) would otherwise outlive npm and hold the pipes open.
    const child = spawn(command, args, { cwd: root, env, stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', detached: buffered });
    child.detachedGroup = buffered;
    running.add(child);
    if (buffered) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => chunks.push(chunk));
    const output = () => Buffer.concat(chunks).toString('utf8');
    child.on('error', (error) => {
      running.delete(child);
      resolve({ code: 127, output: `${output()}Could not start ${command}: ${error.message}\n` });
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve({ code: code ?? 128 + (SIGNAL_NUMBERS[signal] ?? 9), output: output() });
    });
  });
}

/** Runs a command with inherited stdio; resolves with its exit code (signals map to 128+n). */
async function run(command, args, env = process.env) {
  const { code, output } = await start(command, args, { env });
  if (output) process.stderr.write(output);
  return code;
}

// Buffered tools lose their colours to the pipe; a terminal still gets them.
const bufferedEnv = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const banner = (text) => console.log(`\n=== ${text} ===\n`);

/** One suite's outcome: counts plus notes explaining anything counted as failed without a test. */
function outcome(name, passed, failed, skipped, notes, started) {
  return { name, passed, failed, skipped, notes, time: seconds(started) };
}

/** Turns a runner's exit code and json report into counts; a crash or an empty run counts as 1 failed. */
function settle(name, code, counts, started) {
  const notes = [];
  if (!counts) {
    notes.push(`${name}: the runner exited with code ${code} and wrote no results (counted as 1 failed)`);
    return outcome(name, 0, 1, 0, notes, started);
  }
  let { passed, failed, skipped } = counts;
  notes.push(...counts.notes);
  if (passed + failed === 0) {
    notes.push(`${name}: no tests were found or run (counted as 1 failed)`);
    failed = 1;
  } else if (code !== 0 && failed === 0) {
    notes.push(`${name}: the runner exited with code ${code} although no test failed (counted as 1 failed)`);
    failed = 1;
  }
  return outcome(name, passed, failed, skipped, notes, started);
}

/**
 * The rules of docs/architecture.md "Rules a machine checks": ESLint (import directions, storage access, types,
 * hooks, accessibility) with zero warnings, Prettier, knip (unused files, exports and dependencies; then only
 * what the app uses) and the import cycle check. Each run is one check: 1 passed or 1 failed. The tools read
 * the tree and write nothing, so they run side by side (ESLint alone takes about as long as the four others
 * together); each one's output is held and printed whole, in this order.
 */
async function lintSuite() {
  const started = Date.now();
  banner('Lint (ESLint, Prettier, knip, import cycles)');
  const notes = [];
  let passed = 0;
  let failed = 0;
  const tools = [
    ['eslint', ['--max-warnings', '0', '.']],
    ['prettier', ['--check', '.']],
    ['knip', []],
    ['knip', ['--production']],
    // dependency-cruiser with the folders package.json names (one place for them).
    ['npm', ['run', '--silent', 'lint:cycles']],
  ].map(([tool, args]) => {
    const toolStarted = Date.now();
    const done = start(tool === 'npm' ? 'npm' : bin(tool), args, { env: bufferedEnv, buffered: true }).then((result) => ({
      ...result,
      time: seconds(toolStarted),
    }));
    return { tool, args, done };
  });
  for (const { tool, args, done } of tools) {
    const { code, output, time } = await done;
    console.log(`$ ${tool} ${args.join(' ')}  (${time})`);
    if (output) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
    if (code === 0) passed += 1;
    else {
      failed += 1;
      notes.push(`lint: ${tool} exited with code ${code} (counted as 1 failed; \`npm run lint\` shows the findings)`);
    }
  }
  return outcome('lint', passed, failed, 0, notes, started);
}

async function unitSuite() {
  const started = Date.now();
  banner('Unit tests (vitest)');
  rmSync(UNIT_JSON, { force: true });
  const code = await run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${UNIT_JSON}`, ...passThrough]);
  const report = existsSync(UNIT_JSON) ? readJson(UNIT_JSON) : null;
  let counts = null;
  if (report) {
    // A file that fails to import has no failed test but a failed status: count it once.
    const brokenFiles = (report.testResults ?? []).filter(
      (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
    );
    counts = {
      passed: report.numPassedTests ?? 0,
      failed: (report.numFailedTests ?? 0) + brokenFiles.length,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
      notes: brokenFiles.map((file) => `unit: ${relative(root, file.name)} failed to run (counted as 1 failed)`),
    };
  }
  return settle('unit', code, counts, started);
}

/**
 * Starts the production build the browser tests run against (served by server/main.ts, so built fresh).
 * Beside the unit tests (`buffered`) its output is held until the browser tests start; it must not start
 * before lint ends, as ESLint and Prettier would read a half-written `dist-*` folder.
 * Returns the promise of start(): exit code, output and the time it took.
 */
function startBuild(buffered) {
  const buildStarted = Date.now();
  return start(bin('vite'), ['build'], { env: buffered ? bufferedEnv : process.env, buffered }).then((result) => ({
    ...result,
    time: seconds(buildStarted),
  }));
}

/** The browser tests; `build` is the promise of startBuild(), started beside the unit tests when they run. */
async function e2eSuite(build) {
  const started = Date.now();
  banner('Browser tests (Playwright)');
  let chromium;
  try {
    chromium = findChromium();
  } catch (error) {
    return outcome('e2e', 0, 1, 0, [`e2e: ${error.message} (browser tests not run, counted as 1 failed)`], started);
  }
  console.log(`Chromium: ${chromium}`);
  if (!existsSync(join(root, 'server', 'main.ts'))) {
    return outcome('e2e', 0, 1, 0, ['e2e: server/main.ts is missing, nothing to serve the app (counted as 1 failed)'], started);
  }
  console.log('Building the app: vite build');
  const { code: buildCode, output: buildOutput, time: buildTime } = await build;
  if (buildOutput) process.stdout.write(buildOutput.endsWith('\n') ? buildOutput : `${buildOutput}\n`);
  console.log(`vite build: ${buildTime}`);
  if (buildCode !== 0) {
    return outcome('e2e', 0, 1, 0, [`e2e: vite build failed with code ${buildCode} (browser tests not run, counted as 1 failed)`], started);
  }
  rmSync(E2E_JSON, { force: true });
  // Passing the path on saves playwright.config.ts (loaded once per worker) from searching again.
  const code = await run(bin('playwright'), ['test', ...passThrough], { ...process.env, CHROMIUM_PATH: chromium });
  const report = existsSync(E2E_JSON) ? readJson(E2E_JSON) : null;
  let counts = null;
  if (report?.stats) {
    const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
    const notes = [];
    let failed = unexpected;
    // Errors outside any test (web server did not start, a spec file failed to load, ...).
    const errors = report.errors ?? [];
    if (errors.length > 0) {
      const first = String(errors[0].message ?? errors[0].value ?? 'unknown error').split('\n')[0];
      notes.push(`e2e: ${errors.length} error(s) outside tests, first: ${first} (counted as 1 failed)`);
      failed += 1;
    }
    counts = { passed: expected + flaky, failed, skipped, notes };
  }
  return settle('e2e', code, counts, started);
}

mkdirSync(resultsDir, { recursive: true });
const results = [];
if (runLint) results.push(await lintSuite());
// The unit tests leave CPU over (a run took 835 s of CPU in 1,133 s on 2 cores): the build (about 20 s of CPU) fits beside.
const build = runE2e ? startBuild(runUnit) : null;
if (runUnit) results.push(await unitSuite());
if (runE2e) results.push(await e2eSuite(build));

banner('Summary');
for (const r of results) {
  const skipped = r.skipped ? `, ${r.skipped} skipped` : '';
  console.log(`${r.name}: ${r.passed} passed, ${r.failed} failed${skipped} (${r.time})`);
}
for (const r of results) for (const note of r.notes) console.log(note);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
