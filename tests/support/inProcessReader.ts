/**
 * The import reader on the test's own thread (docs/architecture.md "Import pipeline"): Node has no
 * module workers, so the tests drive the same reader host the worker runs.
 */
import type { NoteReader } from '../../src/services/noteImport/readerClient';
import type { ReaderHost } from '../../src/services/noteImport/readerHost';

/** A NoteReader that calls `host` directly. */
export function inProcessReader(host: ReaderHost): NoteReader {
  return {
    plan: (files, limits) => host.plan(files, limits),
    next: () => host.next(),
    cancel: () => host.cancel(),
    close: () => host.cancel(),
  };
}
