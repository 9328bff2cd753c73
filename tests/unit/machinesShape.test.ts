import { describe, expect, it } from 'vitest';
import { StateMachine } from 'xstate';

/**
 * House rules for src/machines (docs/architecture.md "Machines"): every
 * machine is made with `setup()` and has an `id` (so the Stately visualizer and inspector can name
 * it), delays and guards are named, effects are named actions and actors the app provides.
 */

const modules = import.meta.glob<Record<string, unknown>>('../../src/machines/*.ts', { eager: true });
const sources = import.meta.glob<string>('../../src/machines/*.ts', { eager: true, query: '?raw', import: 'default' });

type AnyMachine = StateMachine<any, any, any, any, any, any, any, any, any, any, any, any, any, any>;

/** Every machine a file exports, by export name. */
function machinesOf(module: Record<string, unknown>): [string, AnyMachine][] {
  return Object.entries(module).filter((entry): entry is [string, AnyMachine] => entry[1] instanceof StateMachine);
}

const baseName = (path: string) => path.split('/').pop()!.replace(/\.ts$/, '');

/** Problems with one state node config (and its children): unnamed delays, inline guards, inline effects. */
function configProblems(node: Record<string, any>, path: string): string[] {
  const problems: string[] = [];
  const isNamedAction = (a: unknown) =>
    typeof a === 'string' ||
    (typeof a === 'object' && a !== null && typeof (a as { type?: unknown }).type === 'string') ||
    // assign(), raise() and the other built-ins are functions tagged with an `xstate.*` type.
    (typeof a === 'function' && ((a as { type?: string }).type ?? '').startsWith('xstate.'));
  const checkTransitions = (where: string, value: unknown) => {
    for (const t of [value].flat()) {
      if (!t || typeof t !== 'object') continue;
      const { guard, actions } = t as { guard?: unknown; actions?: unknown };
      if (typeof guard === 'function') problems.push(`${where}: inline guard function`);
      for (const a of [actions ?? []].flat()) if (!isNamedAction(a)) problems.push(`${where}: inline action function`);
    }
  };
  for (const [event, transition] of Object.entries(node.on ?? {})) checkTransitions(`${path} on ${event}`, transition);
  for (const [delay, transition] of Object.entries(node.after ?? {})) {
    if (/^\d+$/.test(delay)) problems.push(`${path} after ${delay}: numeric delay (name it in setup({ delays }))`);
    checkTransitions(`${path} after ${delay}`, transition);
  }
  for (const key of ['entry', 'exit'] as const)
    for (const a of [node[key] ?? []].flat()) if (!isNamedAction(a)) problems.push(`${path} ${key}: inline action function`);
  for (const invoke of [node.invoke ?? []].flat()) {
    if (typeof invoke.src !== 'string') problems.push(`${path} invoke: actor logic inline (name it in setup({ actors }))`);
    checkTransitions(`${path} invoke onDone`, invoke.onDone);
    checkTransitions(`${path} invoke onError`, invoke.onError);
  }
  for (const [name, child] of Object.entries(node.states ?? {}))
    problems.push(...configProblems(child as Record<string, unknown>, `${path}.${name}`));
  return problems;
}

describe('machines in src/machines', () => {
  const files = Object.keys(modules).sort();

  it('include every machine the app runs (app shell, titleEditor, autosave, recording, recap; and resources)', () => {
    expect(files.map(baseName)).toEqual(expect.arrayContaining(['appShell', 'autosave', 'recap', 'recording', 'resources', 'titleEditor']));
  });

  for (const path of files) {
    const name = baseName(path);
    describe(`${name}.ts`, () => {
      it('exports exactly one machine whose id is the file name', () => {
        const machines = machinesOf(modules[path]);
        expect(machines.map(([, m]) => m.id)).toEqual([name]);
      });

      it('builds it with setup() and never with a bare createMachine()', () => {
        const source = sources[path];
        expect(source).toMatch(/\bsetup\(\s*\{/);
        expect(source).toMatch(/\)\s*\.createMachine\(/);
        // A bare createMachine(...) call (not `setup(...).createMachine`) would skip the typed setup.
        expect(source).not.toMatch(/(?<![.\w])createMachine\(/);
      });

      it('names its delays, guards, effects and invoked actors', () => {
        const [[, machine]] = machinesOf(modules[path]);
        expect(configProblems(machine.config as Record<string, unknown>, name)).toEqual([]);
      });
    });
  }
});

describe('the shape check itself', () => {
  it('reports numeric delays, inline guards, inline actions and inline actors', () => {
    const bad = {
      states: {
        a: {
          after: { 500: 'b' },
          on: { go: { guard: () => true, actions: () => {} } },
          invoke: { src: async () => {}, onDone: 'b' },
        },
        b: { entry: [() => {}] },
      },
    };
    expect(configProblems(bad, 'm')).toEqual([
      'm.a on go: inline guard function',
      'm.a on go: inline action function',
      'm.a after 500: numeric delay (name it in setup({ delays }))',
      'm.a invoke: actor logic inline (name it in setup({ actors }))',
      'm.b entry: inline action function',
    ]);
  });
});
