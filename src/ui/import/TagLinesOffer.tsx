import { useEffect } from 'react';
import type { EventLog } from '../../events/eventLog';
import { inBackground } from '../../lib/scheduler';
import { useLog, useLogWritable } from '../LogContext';
import { useEditability } from '../StartupGate';

/** Whether the log's import records leave the offer to make: an import of notes, and no answer yet. */
async function mayOffer(log: EventLog): Promise<boolean> {
  const records = await log.importRecords();
  return records.some((r) => r.type === 'import.notes-added') && !records.some((r) => r.type === 'import.tag-lines-answered');
}

/**
 * The quiet offer to turn the "Tags: a, b" lines that imports wrote before notes had tags into the
 * notes' tags (docs/product.md "Import notes"), once notes may be changed and the page is idle. Its
 * code (the pipeline's, the editor's serializer) loads only for a library that has imports to look at.
 */
export function TagLinesOffer() {
  const log = useLog();
  const writable = useLogWritable();
  const { editable } = useEditability();
  useEffect(() => {
    if (!editable || !writable) return;
    let current = true;
    inBackground(() => {
      void mayOffer(log)
        .then(async (may) => {
          if (!may || !current) return;
          const { offerTagLines } = await import('./offerTagLines');
          await offerTagLines(log, () => current);
        })
        .catch((error: unknown) => console.error('NotePad: the offer to turn "Tags:" lines into tags failed', error));
    });
    return () => {
      current = false;
    };
  }, [editable, writable, log]);
  return null;
}
