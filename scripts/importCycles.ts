/**
 * `npm run lint:cycles` (docs/architecture.md "Rules a machine checks"): fails when files of the
 * project import each other in a loop, type-only and dynamic imports included, and prints each loop
 * with its imports. TypeScript itself lists and resolves the imports (as `tsc` does, from
 * tsconfig.json); ESLint's import-x/no-cycle and knip both pass over type-only imports, which tie
 * layers together as much as any other.
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');

/** The project's source files and compiler options, from tsconfig.json. */
function project(): { files: string[]; options: ts.CompilerOptions } {
  const path = resolve(root, 'tsconfig.json');
  const config: unknown = ts.readConfigFile(path, ts.sys.readFile).config;
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root);
  return { files: parsed.fileNames.filter((file) => !file.endsWith('.d.ts')), options: parsed.options };
}

/** For each file, the project files it imports (any kind of import), resolved as tsc resolves them. */
function importGraph(): Map<string, Set<string>> {
  const { files, options } = project();
  const inProject = new Set(files);
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const imported = new Set<string>();
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      const target = ts.resolveModuleName(fileName.replace(/\?\w+$/, ''), file, options, ts.sys).resolvedModule?.resolvedFileName;
      if (target && inProject.has(target) && target !== file) imported.add(target);
    }
    graph.set(file, imported);
  }
  return graph;
}

/** The strongly connected components of more than one file (Tarjan's algorithm): each is one or more loops. */
function loops(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

const graph = importGraph();
const found = loops(graph);
const name = (file: string) => relative(root, file);
for (const component of found) {
  const members = new Set(component);
  console.error(`Import cycle between ${component.length} files:`);
  for (const file of component) {
    for (const next of graph.get(file)!) if (members.has(next)) console.error(`  ${name(file)} -> ${name(next)}`);
  }
}
if (found.length) {
  console.error(`${found.length} import cycle(s): move what both sides need into a file of its own, or import the other way round.`);
  process.exit(1);
}
console.log(`No import cycles among ${graph.size} files.`);
