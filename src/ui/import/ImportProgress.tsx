import { useSyncExternalStore } from 'react';
import { importActivity$, type ImportActivity } from '../../services/noteImport/importActivity';
import { importFeedback } from '../feedback';

const subscribe = (onChange: () => void) => {
  const subscription = importActivity$.subscribe(onChange);
  return () => subscription.unsubscribe();
};
const current = (): ImportActivity => importActivity$.value;

/**
 * The running import's progress (docs/product.md "Import notes"): a progress bar with the count
 * ("Importing 1,234 of 5,000 notes…") and *Cancel*; while the files are read first, a bar without a
 * value. Shown over the page's corner, so it stays in view whatever the sidebar does.
 */
export function ImportProgress() {
  const activity = useSyncExternalStore(subscribe, current);
  if (activity.kind === 'idle') return null;
  const { IMPORT_TEXT } = importFeedback();
  const text = activity.kind === 'planning' ? IMPORT_TEXT.planning(activity.files) : IMPORT_TEXT.importing(activity.done, activity.total);
  const { cancel } = activity;
  return (
    <section className="import-progress" aria-label="Import">
      <p id="import-progress-text">{text}</p>
      {activity.kind === 'importing' ? (
        <progress aria-labelledby="import-progress-text" max={Math.max(activity.total, 1)} value={activity.done} />
      ) : (
        <progress aria-labelledby="import-progress-text" />
      )}
      {cancel && (
        <button type="button" onClick={cancel}>
          {IMPORT_TEXT.cancel}
        </button>
      )}
    </section>
  );
}
