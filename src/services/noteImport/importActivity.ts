import { BehaviorSubject } from 'rxjs';

/**
 * What the import is doing, for the progress bar (docs/product.md "Import notes"). Small on purpose:
 * the first screen shows the bar, while the pipeline itself loads only when an import starts.
 * - `idle`: nothing runs.
 * - `planning`: the chosen files are being understood; `cancel` stops that.
 * - `importing`: `done` of `total` notes read; `cancel` stops it (null for the legacy import, which
 *   carries on at the next start anyway).
 */
export type ImportActivity =
  | { kind: 'idle' }
  | { kind: 'planning'; files: number; cancel: () => void }
  | { kind: 'importing'; done: number; total: number; cancel: (() => void) | null };

/** The one import activity of this tab (one import at a time). */
export const importActivity$ = new BehaviorSubject<ImportActivity>({ kind: 'idle' });

/** True while an import (from files, or of the original app's notes) runs in this tab. */
export function importRunning(): boolean {
  return importActivity$.value.kind !== 'idle';
}
