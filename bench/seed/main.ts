import { unwrap } from 'idb';
import { openLogDatabase } from '../../src/events/logDatabase';

/**
 * The bench's seeding page: the app never runs here, but the log's database is opened by the app's
 * own code (name, version, stores and upgrades of src/events/logDatabase.ts), so the seeds in
 * bench/lib write into the database the app opens, whatever its schema (docs/benchmarks.md "How the
 * bench seeds a log").
 */
declare global {
  interface Window {
    /** Open NotePad's log database as the app does (creating or upgrading it); the raw IDBDatabase. */
    __logDatabase?: { open(): Promise<IDBDatabase> };
  }
}

window.__logDatabase = {
  // A newer build asking for the database closes this connection (openLogDatabase), as it does the app's.
  open: async () => unwrap(await openLogDatabase(() => undefined)),
};
