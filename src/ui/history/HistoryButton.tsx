import { lazy, Suspense, useState } from 'react';

// The dialog, its sanitizer and date formatting load when History is first opened (kept off the first load).
const HistoryDialog = lazy(() => import('./HistoryDialog').then((m) => ({ default: m.HistoryDialog })));

/** The "History" control for the selected note; opens HistoryDialog. */
export function HistoryButton({ noteId }: { noteId: string | null }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="header-button history-button" disabled={!noteId} onClick={() => setOpen(true)}>
        History
      </button>
      {open && noteId && (
        <Suspense fallback={null}>
          <HistoryDialog noteId={noteId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
