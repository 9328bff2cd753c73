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
