import type { EventLog } from '../../events/eventLog';
import { undoImport } from '../../services/noteImport/undoImport';
import { loadImportFeedback } from '../feedback';

/** Undo an import and say what it did ("Removed 120 notes; 3 notes you edited since were kept"). Resolves true when it ran. */
export async function undoWithMessage(log: EventLog, importId: string): Promise<boolean> {
  const { importToasts } = await loadImportFeedback();
  try {
    const outcome = await undoImport(log, importId);
    if (outcome.already) importToasts.alreadyUndone();
    else importToasts.undone(outcome.removed, outcome.kept);
    return true;
  } catch (error) {
    importToasts.undoFailed(error instanceof Error ? error.message : String(error));
    return false;
  }
}
