import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The bench build of an older revision of NotePad, for the first start after an update
 * (docs/benchmarks.md "Library figures"): the revision's files (`git archive`, no worktree) in a
 * folder under the system's temp dir named by its commit, this checkout's node_modules hard-linked
 * into it (`cp -al`: the same packages, as long as package-lock.json did not change), and built with
 * that revision's own bench configs (app and seeding page) into its `bench/dist`. A revision older
 * than the seeding page (bench/seed/, which opens the log's database with the revision's own
 * `openLogDatabase`) gets this checkout's page and config, built against its own src. A folder already
 * built for the commit is used again. Resolves with that dist folder; throws when git or the build fails.
 */
export function buildRevision(rev: string): { dist: string; commit: string } {
  const git = (args: string[]) => execFileSync('git', args, { cwd: ROOT }).toString().trim();
  const commit = git(['rev-parse', '--verify', `${rev}^{commit}`]);
  const dir = join(tmpdir(), `notepad-bench-build-${commit.slice(0, 12)}`);
  const dist = join(dir, 'bench', 'dist');
  if (existsSync(join(dist, 'index.html')) && existsSync(join(dist, 'bench', 'seed', 'index.html'))) return { dist, commit };
  if (git(['diff', '--name-only', commit, 'HEAD', '--', 'package-lock.json']))
    console.warn(`  WARNING: package-lock.json differs at ${rev}: its build uses this checkout's node_modules`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C "${dir}"`], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  execFileSync('cp', ['-al', join(ROOT, 'node_modules'), join(dir, 'node_modules')]);
  if (!existsSync(join(dir, 'bench', 'vite.seed.config.ts'))) {
    console.warn(`  ${rev} has no seeding page: this checkout's bench/seed is built against its src`);
    cpSync(join(ROOT, 'bench', 'seed'), join(dir, 'bench', 'seed'), { recursive: true });
    cpSync(join(ROOT, 'bench', 'vite.seed.config.ts'), join(dir, 'bench', 'vite.seed.config.ts'));
  }
  for (const config of ['bench/vite.bench.config.ts', 'bench/vite.seed.config.ts']) {
    const res = spawnSync(process.execPath, [join(dir, 'node_modules/vite/bin/vite.js'), 'build', '--config', config], {
      cwd: dir,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    });
    if (res.status !== 0) throw new Error(`bench build of ${rev} failed (${config}, exit ${res.status})`);
  }
  return { dist, commit };
}
