/** An event's wire form alone, for the sync tests (docs/sync.md "Limits"). */
import type { AppEvent } from '../../catalog';
import { sizedWireForm } from '../../src/services/sync/wireBatch';
import type { WireEvent } from '../../src/services/sync/syncProtocol';

/** The event as it goes to be sealed: no local position; a body save over MAX_DOCUMENT_WIRE_BYTES goes without its BlockNote document. */
export function wireForm(event: AppEvent): WireEvent {
  return sizedWireForm(event).wire;
}
