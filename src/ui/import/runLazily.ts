import type { EventLog } from '../../events/eventLog';

/**
 * Start an import of `files` (docs/product.md "Import notes"). The pipeline, the editor it converts
 * with and the readers' worker load now, on first use: none of it is on the first load.
 */
export function importFilesLazily(log: EventLog, files: File[]): void {
  if (files.length === 0) return;
  void import('./startImport').then(
    ({ startImport }) => startImport(log, files),
    (error: unknown) => console.error('NotePad: the importer could not load', error),
  );
}
