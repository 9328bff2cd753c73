import { Subject } from 'rxjs';

/** Asks the app to open the import summary (docs/product.md "Import notes"), optionally at one import. */
export const importSummaryRequests$ = new Subject<{ importId?: string }>();

/** Open the summary of past imports (the toast's *Summary*, the sidebar's *Past imports*). */
export function openImportSummary(importId?: string): void {
  importSummaryRequests$.next(importId ? { importId } : {});
}
