import { ChainEngineNeeded, type ChainEngine } from './chainTypes';

/**
 * The loaded chain engine (docs/architecture.md "Saves as changes"): Yjs is imported only when a
 * note's document is edited or merged, never by the first screen.
 */
let engine: ChainEngine | null = null;
let loading: Promise<ChainEngine> | null = null;

/** The chain engine if it has loaded, else null. */
export function loadedChainEngine(): ChainEngine | null {
  return engine;
}

/** The chain engine for a merge. @throws ChainEngineNeeded when it has not loaded yet. */
export function chainEngine(): ChainEngine {
  if (!engine) throw new ChainEngineNeeded();
  return engine;
}

/** Load the chain engine (once); resolves with it. */
export function loadChainEngine(): Promise<ChainEngine> {
  loading ??= import('./yjsChainEngine').then((module) => (engine = module.yjsChainEngine));
  return loading;
}

/**
 * Load the chain engine before folding `events` when they hold a change (`note.changed`), whose fold
 * may merge; resolves at once otherwise. The async places that read events (start-up, another tab's
 * appends, the server's order, a note's history, the replay) call it, so the folds after them never
 * meet a merge without the engine.
 */
export async function loadChainEngineFor(events: Iterable<{ type: string } | null>): Promise<void> {
  if (needsChainEngine(events)) await loadChainEngine();
}

/** Whether folding `events` may need the chain engine and it has not loaded: they hold a change (`note.changed`). */
export function needsChainEngine(events: Iterable<{ type: string } | null>): boolean {
  if (engine) return false;
  for (const event of events) if (event?.type === 'note.changed') return true;
  return false;
}

/**
 * Run a pure fold; when it meets a merge before the engine has loaded (ChainEngineNeeded), load the
 * engine and run it again. `fold` must change nothing before it throws.
 */
export async function foldingChanges<T>(fold: () => T): Promise<T> {
  try {
    return fold();
  } catch (error) {
    if (!(error instanceof ChainEngineNeeded)) throw error;
    await loadChainEngine();
    return fold();
  }
}
