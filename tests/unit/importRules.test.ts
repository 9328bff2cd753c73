import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');

/** The rules as eslint.config.js declares them (a JavaScript file: typed here). */
type LayerImports = Record<string, { may: string[] }>;

/** The rows of docs/architecture.md "Import rules": layer -> the layers it may import. */
function documentedRules(): Record<string, string[]> {
  const doc = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Import rules\n'), doc.indexOf('## Storage rules\n'));
  const rows = section.split('\n').filter((line) => /^\| [a-z]+ \|/.test(line) && !line.startsWith('| layer |'));
  return Object.fromEntries(
    rows.map((row) => {
      const [layer, may] = row
        .split('|')
        .slice(1, 3)
        .map((cell) => cell.trim());
      const targets = may === '(nothing)' ? [] : may.split(', ');
      return [layer, targets.sort()];
    }),
  );
}

describe('import rules', () => {
  it('in docs/architecture.md are the layers and arrows the lint enforces', async () => {
    const { LAYER_IMPORTS } = (await import(pathToFileURL(join(root, 'eslint.config.js')).href)) as { LAYER_IMPORTS: LayerImports };
    const linted = Object.fromEntries(Object.entries(LAYER_IMPORTS).map(([layer, rule]) => [layer, [...rule.may].sort()]));
    expect(documentedRules()).toEqual(linted);
  });
});
