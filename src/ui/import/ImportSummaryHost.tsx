import { lazy, Suspense, useSyncExternalStore } from 'react';
import { closeImportSummary, importSummaryRequest$ } from './summaryRequests';

// The summary and its Undo load when first opened (kept off the first load).
const ImportSummaryDialog = lazy(() => import('./ImportSummaryDialog').then((m) => ({ default: m.ImportSummaryDialog })));

const subscribe = (onChange: () => void) => {
  const subscription = importSummaryRequest$.subscribe(onChange);
  return () => subscription.unsubscribe();
};
const current = () => importSummaryRequest$.value;

/** Opens the import summary when asked (the result toast's *Summary*, the sidebar's *Past imports*). */
export function ImportSummaryHost() {
  const request = useSyncExternalStore(subscribe, current);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <ImportSummaryDialog importId={request.importId} onClose={closeImportSummary} />
    </Suspense>
  );
}
