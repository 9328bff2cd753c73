/**
 * The deletes a Yjs update (v2) names itself (docs/architecture.md "Saves as changes"): which items
 * a change removed, told apart from items it never held.
 */
import * as Y from 'yjs';

/** A delete set's ranges by client, as an update carries them (sorted by clock). */
export type DeleteRanges = Map<number, { clock: number; len: number }[]>;

/** The deletes `update` (v2) names itself, sorted by clock per client. */
export function deleteRanges(update: Uint8Array): DeleteRanges {
  const ranges: DeleteRanges = new Map();
  for (const [client, list] of Y.decodeUpdateV2(update).ds.clients) {
    const sorted = [...list].sort((a, b) => a.clock - b.clock);
    ranges.set(client, sorted);
  }
  return ranges;
}

/** Whether `ranges` delete every clock of client `client` from `clock` for `length`. */
export function covers(ranges: DeleteRanges, client: number, clock: number, length: number): boolean {
  let from = clock;
  const end = clock + length;
  for (const range of ranges.get(client) ?? []) {
    if (range.clock > from) return false;
    if (range.clock + range.len > from) from = range.clock + range.len;
    if (from >= end) return true;
  }
  return from >= end;
}
