import { lazyModule } from '../../services/lazyModule';

/** The import's toasts and texts (importFeedback.ts). */
export type ImportFeedback = typeof import('./importFeedback');

const feedback = lazyModule<ImportFeedback>(() => import('./importFeedback'));

/** Load the import's toasts and texts (once; a failed load is tried again on the next call). */
export function loadImportFeedback(): Promise<ImportFeedback> {
  return feedback.load();
}

/**
 * The import's toasts and texts, for code that runs after `loadImportFeedback()` resolved (the import's
 * own chunks wait for it before they render or run). @throws before that.
 */
export function importFeedback(): ImportFeedback {
  const loaded = feedback.current();
  if (!loaded) throw new Error('The import’s texts are not loaded yet (await loadImportFeedback() first)');
  return loaded;
}
