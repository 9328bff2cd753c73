import { inNextTask } from '../../lib/scheduler';

/** Work of an import runs at most about this long (ms) before the page gets a task of its own for input and paint. */
const IMPORT_SLICE_MS = 8;

/**
 * Returns a function to await before each piece of an import's work on the page (docs/architecture.md
 * "Import pipeline"): once IMPORT_SLICE_MS have passed since the last break, it ends the task and goes
 * on in a new one, so typing and scrolling are answered between notes while a big import runs.
 */
export function sliceYielder(sliceMs = IMPORT_SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise<void>((resolve) => inNextTask(resolve));
    since = performance.now();
  };
}
