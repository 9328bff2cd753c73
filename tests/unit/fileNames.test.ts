import { readdirSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const SOURCE = /\.(ts|tsx|mjs|js)$/;

/** Every source file below `dir`, relative to the repository, fixtures left out (they mimic other apps' files). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'fixtures' ? [] : sourceFiles(path);
    return SOURCE.test(name) ? [relative(root, path)] : [];
  });
}

/**
 * Names shared on purpose (docs/architecture.md "File names"): a folder's entry, a function's
 * handler, a program's entry, a bench suite's runner; a bench figure is named after what it measures.
 */
const CONVENTIONS = new Set(['index.ts', 'handler.ts', 'main.ts', 'main.tsx', 'run.ts']);
const byConvention = (path: string) => CONVENTIONS.has(basename(path)) || path.startsWith('bench/lib/figures/');

describe('file names', () => {
  it('are unique across the repository, apart from the named conventions', () => {
    const files = ['src', 'catalog', 'functions', 'server', 'tests', 'bench', 'scripts'].flatMap((dir) => sourceFiles(join(root, dir)));
    const byName = new Map<string, string[]>();
    for (const file of files) byName.set(basename(file), [...(byName.get(basename(file)) ?? []), file]);
    const shared = [...byName.values()].filter((paths) => paths.filter((path) => !byConvention(path)).length > 1);
    expect(shared).toEqual([]);
  });
});
