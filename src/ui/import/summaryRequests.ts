import { BehaviorSubject } from 'rxjs';

/**
 * The open request of the import summary (docs/product.md "Import notes"), or null: kept until the
 * summary closes, so a request made before the summary's code has loaded is not lost.
 */
export const importSummaryRequest$ = new BehaviorSubject<{ importId?: string } | null>(null);

/** Open the summary of past imports (the toast's *Summary*, the sidebar's *Past imports*), at `importId` first. */
export function openImportSummary(importId?: string): void {
  importSummaryRequest$.next(importId ? { importId } : {});
}

/** The summary was closed. */
export function closeImportSummary(): void {
  importSummaryRequest$.next(null);
}
