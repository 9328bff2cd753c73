import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** The first screen's code, by the chunk it goes to (docs/architecture.md "Start-up order"). */
const ROOTS = {
  // The list: evaluated before the first row is painted.
  app: '../src/main.tsx',
  // The editor: preloaded with the list, evaluated after the list is painted.
  editor: '../src/ui/editor/EditorPane.tsx',
  // The virtualized rows: requested once the page is idle after start-up.
  list: '../src/ui/sidebar/VirtualRows.tsx',
} as const;

/**
 * Other pages of the build, which must load none of the app (a shared note's page): a module they
 * reach is never put in a first-screen chunk, or the page would load (and run) that chunk.
 */
const OTHER_PAGES = ['../src/share/main.ts'];

/**
 * React and BlockNote, and everything they import: what a bare BlockNote page loads too. Never
 * merged with NotePad's own code, so a page of the same build that loads only them (the bench's
 * baseline) loads none of NotePad's.
 */
const EDITOR_LIBRARY = /\/node_modules\/(react|react-dom|scheduler|@blocknote\/[^/]+)\//;

/**
 * Puts the first screen's modules into four chunks instead of the two dozen small shared chunks
 * Rolldown makes by default, each a request and a module graph step of the cold load
 * (docs/benchmarks.md): `react` (React, which the list needs), `app`, `editor` and `list`
 * (NotePad's own code and its other libraries, in the first of them whose root statically
 * imports it). BlockNote and modules no root reaches keep Rolldown's automatic chunking, so lazy
 * screens (dashboard, history, replay) still load on demand. Every module a grouped module
 * imports is grouped too or belongs to the editor library, so no automatic chunk imports a group
 * and chunks import each other in one direction only. A package's index (date-fns) groups every
 * module of it that the build keeps: the first screen imports such packages by subpath. Build only.
 */
export function firstScreenChunks(): Plugin {
  let groups: Map<string, string> | null = null;
  const groupOf = (id: string, ctx: ChunkingContext): string | null => {
    groups ??= assignGroups(ctx);
    return groups.get(id) ?? null;
  };
  return {
    name: 'notepad-first-screen-chunks',
    apply: 'build',
    buildStart() {
      groups = null;
    },
    config: () => ({
      build: {
        rolldownOptions: {
          // Rolldown's default would also pull BlockNote and React into NotePad's chunks.
          output: { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: groupOf, debugName: 'first-screen' }] } },
        },
      },
    }),
  };
}

/** Module id -> chunk name for every module a root reaches statically. */
function assignGroups(ctx: ChunkingContext): Map<string, string> {
  const closure = (roots: Iterable<string>): Set<string> => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  const resolve = (path: string) => fileURLToPath(new URL(path, import.meta.url));
  const reached = Object.entries(ROOTS).map(([name, path]) => [name, closure([resolve(path)])] as const);
  const otherPages = closure(OTHER_PAGES.map(resolve));
  const library = closure([...new Set(reached.flatMap(([, ids]) => [...ids]))].filter((id) => EDITOR_LIBRARY.test(id)));
  const groups = new Map<string, string>();
  for (const [name, ids] of reached)
    for (const id of ids) {
      if (groups.has(id) || otherPages.has(id)) continue;
      // The library modules the list needs (React) load before it in a chunk of their own; the
      // editor's (BlockNote) are left to Rolldown.
      if (!library.has(id)) groups.set(id, name);
      else if (name === 'app') groups.set(id, 'react');
    }
  return groups;
}
