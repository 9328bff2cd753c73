/**
 * The original app's notes at once, for tests (docs/architecture.md "Legacy import"; the app plans the
 * import at start-up and runs it in the background).
 */
import type { EventPayloads } from '../../catalog';
import type { EventLog } from '../../src/events/eventLog';
import { readLegacyIndex, type LegacyStorage } from '../../src/projections/legacy';
import { planLegacyImport } from '../../src/services/legacyImport';
import type { StorageArea } from '../../src/services/webStorage';

/** Result of reading legacy storage: the notes to import and what could not be read. */
export interface LegacyReading {
  notes: EventPayloads['note.imported'][];
  problems: string[];
}

/**
 * Read notes the original app wrote (docs/product.md "Entities and storage keys") that the log does
 * not know, with their bodies as stored (`readLegacyIndex` for the rules).
 */
export function readLegacyNotes(storage: LegacyStorage, isKnown: (id: string) => boolean): LegacyReading {
  const { entries, problems } = readLegacyIndex(storage, isKnown);
  return { notes: entries.map((entry) => ({ ...entry, html: storage.body(entry.id) ?? '' })), problems };
}

/** Import the original app's notes into `log` and wait for it. Returns the count imported and the problems found. */
export async function importLegacyNotes(log: EventLog, storage: StorageArea): Promise<{ imported: number; problems: string[] }> {
  const plan = planLegacyImport(log, storage);
  return { imported: await plan.run(), problems: plan.problems };
}
