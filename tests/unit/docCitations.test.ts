import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const SOURCE = /\.(ts|tsx|mjs|css)$/;

/** Every source file below `dir` (node_modules and build output are not below the folders read). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) ? [path] : [];
  });
}

/** The `##`/`###` headings of a doc. */
const headings = (doc: string) =>
  new Set(
    readFileSync(join(root, 'docs', doc), 'utf8')
      .split('\n')
      .filter((line) => /^#{2,3} /.test(line))
      .map((line) => line.replace(/^#+ /, '')),
  );

describe('citations of docs/ in code', () => {
  const docs = { 'product.md': headings('product.md'), 'architecture.md': headings('architecture.md') };
  const files = [
    ...['src', 'functions', 'server', 'tests', 'bench', 'scripts'].flatMap((dir) => sourceFiles(join(root, dir))),
    join(root, 'eslint.config.js'),
  ];

  it('name a heading that the cited document has', () => {
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      // The doc's path, then one or more quoted names separated by commas: each must be a heading.
      for (const match of text.matchAll(/docs\/(product|architecture)\.md ((?:"[^"\n]+"(?:, )?)+)/g)) {
        const doc = `${match[1]}.md` as keyof typeof docs;
        for (const [, name] of match[2].matchAll(/"([^"]+)"/g)) {
          if (!docs[doc].has(name)) missing.push(`${relative(root, file)}: docs/${doc} "${name}"`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
