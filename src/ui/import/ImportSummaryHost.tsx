import { lazy, Suspense, useEffect, useState } from 'react';
import { importSummaryRequests$ } from './summaryRequests';

// The summary and its Undo load when first opened (kept off the first load).
const ImportSummaryDialog = lazy(() => import('./ImportSummaryDialog').then((m) => ({ default: m.ImportSummaryDialog })));

/** Opens the import summary when asked (the result toast's *Summary*, the sidebar's *Past imports*). */
export function ImportSummaryHost() {
  const [request, setRequest] = useState<{ importId?: string } | null>(null);
  useEffect(() => {
    const subscription = importSummaryRequests$.subscribe(setRequest);
    return () => subscription.unsubscribe();
  }, []);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <ImportSummaryDialog importId={request.importId} onClose={() => setRequest(null)} />
    </Suspense>
  );
}
