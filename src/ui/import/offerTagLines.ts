import type { EventLog } from '../../events/eventLog';
import { importRunning } from '../../services/noteImport/importActivity';
import { loadPurifier } from '../../services/purifier';
import { convertTagLines, declineTagLines, findTagLines, tagLinesAnswered } from '../../services/noteImport/tagLines';
import { loadImportFeedback } from '../feedback';
import { createConversionTools } from './conversionTools';

/** Turn the lines into tags and say how many notes changed, with Undo. */
async function convert(log: EventLog): Promise<void> {
  const { importToasts } = await loadImportFeedback();
  const failed = (error: unknown) => importToasts.tagLinesFailed(error instanceof Error ? error.message : String(error));
  try {
    await loadPurifier();
    const done = await convertTagLines(log, createConversionTools().toHtml);
    importToasts.tagLinesDone(done.notes, () => void done.undo().then((restored) => importToasts.tagLinesUndone(restored), failed));
  } catch (error) {
    failed(error);
  }
}

/**
 * Offer once to turn the "Tags: a, b" lines of earlier imports into tags (docs/product.md "Import
 * notes"), when notes still end with one and the offer was never answered: *Turn into tags* converts
 * them in one undoable step, *Not now* is remembered. `isCurrent` says the page still wants it.
 */
export async function offerTagLines(log: EventLog, isCurrent: () => boolean): Promise<void> {
  if (importRunning() || (await tagLinesAnswered(log))) return;
  const found = await findTagLines(log);
  if (!found.length || !isCurrent() || !log.writable) return;
  const { importToasts } = await loadImportFeedback();
  importToasts.tagLinesOffer(
    found.length,
    () => void convert(log),
    () => void declineTagLines(log, found.length).catch(failedQuietly),
  );
}

/** A "Not now" that could not be written is asked again at the next start: nothing else to do. */
const failedQuietly = (error: unknown) => console.error('NotePad: "Not now" could not be written', error);
