/**
 * Candidate (c) of the saves-as-changes spike (docs/changes-spike.md): a save carries a text patch
 * of the note's HTML against the previous save (diff-match-patch, as Joplin stores revisions), and a
 * whole body every N saves. Prototype for measuring, not product code.
 */
import DiffMatchPatch from 'diff-match-patch';

const dmp = new DiffMatchPatch();

/** The patch from `before` to `after`, as text (what the save would carry). */
export function makePatch(before: string, after: string): string {
  return dmp.patch_toText(dmp.patch_make(before, after));
}

/** `text` with `patch` applied (fuzzy, as diff-match-patch does); `applied` says which hunks found their place. */
export function applyPatch(text: string, patch: string): { text: string; applied: boolean[] } {
  const [out, applied] = dmp.patch_apply(dmp.patch_fromText(patch), text);
  return { text: out, applied };
}
