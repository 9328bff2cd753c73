import { IMPORT_RECORDS_KEY } from '../../../catalog';
import type { EventLog } from '../../events/eventLog';
import { importSummaries, planUndo } from '../../projections/imports';

/** What Undo did: notes removed, notes kept because they were edited since; `already`: it had been undone before. */
export interface UndoOutcome {
  removed: number;
  kept: number;
  already: boolean;
}

/**
 * Undo an import in one step (docs/product.md "Import notes"): its notes that are as they were
 * imported are deleted, the notebooks it made that are then empty too, and the import is marked
 * undone, in one batch (one transaction); notes edited since stay, and so do their notebooks. Works the same after a reload, from the import's records in the log.
 * @throws when the log knows no such import, or cannot write.
 */
export async function undoImport(log: EventLog, importId: string): Promise<UndoOutcome> {
  const summary = importSummaries(await log.importRecords()).find((s) => s.importId === importId);
  if (!summary) throw new Error('This import is not in the log.');
  if (summary.undone) return { ...summary.undone, already: true };
  const { remove, kept, notebooks } = planUndo(summary, log.state.notes);
  await log.appendBatch([
    ...remove.map((id) => log.create('note.deleted', { id })),
    ...notebooks.map((notebook) => log.create('notebook.deleted', { notebook })),
    log.create('import.undone', { id: IMPORT_RECORDS_KEY, importId, removed: remove.length, kept: kept.length }),
  ]);
  return { removed: remove.length, kept: kept.length, already: false };
}
