import { beforeAll, describe, expect, it } from 'vitest';
import { loadChainEngine } from '../../src/projections/changes/chainEngine';
import type { PlainBlock } from '../../src/projections/changes/plainBlocks';
import { foldNotes } from '../../src/projections/foldNotes';
import { bodyBlocks, EMPTY_NOTES, type NotesState } from '../../src/projections/notesState';
import { ChangesDevice, para, textOf, wholeHtml } from '../support/changesDevice';
import { A, B, foldedOnDevice, NOTE, texts, THREE, wholeNote, withText } from '../support/changesFold';

/**
 * A paragraph edited on one device and deleted on another, offline, with real Yjs updates
 * (docs/architecture.md "Saves as changes", docs/product.md "Two tabs, two devices"): the delete
 * stays in the note and the edit is kept as a copy in either order the server puts them, the same
 * on every device and on a fold that starts from a stored state.
 */

beforeAll(async () => {
  await loadChainEngine();
});

const copiesOf = (notes: NotesState) => notes.order.filter((id) => notes.revs[id]?.copyOf === NOTE);

/** A's edit of the second paragraph and B's delete of it, both from the note's whole body (`onA`: A, which goes on editing). */
function editAndDelete() {
  const { events, rev } = wholeNote(THREE);
  const onA = new ChangesDevice(A, NOTE, THREE, rev);
  const edit = onA.save(withText(THREE, 1, 'Second paragraph, edited on A.'));
  const remove = new ChangesDevice(B, NOTE, THREE, rev).save([THREE[0], THREE[2]]);
  return { events, edit, remove, onA };
}

describe('a paragraph edited on one device and deleted on the other', () => {
  it.each([
    ['the edit first', true],
    ['the delete first', false],
  ])('(%s in the server’s order) stays deleted in the note and its edit is kept as a copy', (_order, editFirst) => {
    const { events, edit, remove } = editAndDelete();
    const ordered = editFirst ? [edit, remove] : [remove, edit];
    const notes = foldNotes(EMPTY_NOTES, [...events, ...ordered]);
    expect(texts(notes)).toEqual(['First paragraph.', 'Third paragraph.']);
    expect(notes.bodies[NOTE].html).toBe(wholeHtml([THREE[0], THREE[2]]));
    const copies = copiesOf(notes);
    expect(copies).toHaveLength(1);
    const [copy] = copies;
    expect(notes.order).toEqual([NOTE, copy]);
    expect(texts(notes, copy)).toEqual(['Second paragraph, edited on A.']);
    expect(notes.bodies[copy].html).toBe(wholeHtml([para('b2', 'Second paragraph, edited on A.')]));
    expect(notes.meta[copy].title).toMatch(/^Plans \(conflict, a device, 2026-11-27 \d\d:\d\d UTC\)$/);
    expect(notes.revs[copy]).toMatchObject({ copyOf: NOTE, partial: true, device: A });
    expect(notes.revs[copy].chain).toBeUndefined();
    // Each device folded its own save first, then the server's order: all three agree.
    expect(foldedOnDevice(events, [edit], ordered)).toEqual(notes);
    expect(foldedOnDevice(events, [remove], ordered)).toEqual(notes);
  });

  it('the edit first: a fold that starts from a stored state (its document built again from the chain) keeps the same copy', () => {
    const { events, edit, remove } = editAndDelete();
    const whole = foldNotes(EMPTY_NOTES, [...events, edit, remove]);
    // A state read back from storage holds new arrays: the chain engine builds the document from the chain.
    const stored = structuredClone(foldNotes(EMPTY_NOTES, [...events, edit]));
    expect(foldNotes(stored, [remove])).toEqual(whole);
  });

  it('a later change of the note’s chain stays with the note, not the copy', () => {
    const { events, edit, remove, onA } = editAndDelete();
    const notes = foldNotes(EMPTY_NOTES, [...events, edit, remove]);
    // A, which has not heard of the delete yet, edits the first paragraph.
    const later = onA.save(withText(onA.shown, 0, 'First, later on A.'));
    const after = foldNotes(notes, [later]);
    const [copy] = copiesOf(notes);
    expect(texts(after)).toEqual(['First, later on A.', 'Third paragraph.']);
    expect(texts(after, copy)).toEqual(['Second paragraph, edited on A.']);
    expect(copiesOf(after)).toEqual([copy]);
  });

  it('a paragraph moved under one that the other device deleted is kept inside that paragraph’s copy', () => {
    const { events, rev } = wholeNote(THREE);
    const nested: PlainBlock[] = [THREE[0], { ...THREE[1], children: [THREE[2]] }];
    const indent = new ChangesDevice(A, NOTE, THREE, rev).save(nested);
    const remove = new ChangesDevice(B, NOTE, THREE, rev).save([THREE[0], THREE[2]]);
    const notes = foldNotes(EMPTY_NOTES, [...events, indent, remove]);
    expect(texts(notes)).toEqual(['First paragraph.']);
    const [copy] = copiesOf(notes);
    const kept = bodyBlocks(notes.bodies[copy]) as PlainBlock[];
    expect(kept.map(textOf)).toEqual(['Second paragraph.']);
    expect(kept[0].children.map(textOf)).toEqual(['Third paragraph.']);
    expect(foldedOnDevice(events, [remove], [indent, remove])).toEqual(notes);
  });
});

describe('deletes that lose nothing', () => {
  it('a paragraph deleted on one device while the other edited another one is deleted, with no copy', () => {
    const { events, rev } = wholeNote(THREE);
    const edit = new ChangesDevice(A, NOTE, THREE, rev).save(withText(THREE, 0, 'First paragraph, edited on A.'));
    const remove = new ChangesDevice(B, NOTE, THREE, rev).save([THREE[0], THREE[2]]);
    const notes = foldNotes(EMPTY_NOTES, [...events, edit, remove]);
    expect(notes.order).toEqual([NOTE]);
    expect(texts(notes)).toEqual(['First paragraph, edited on A.', 'Third paragraph.']);
  });

  it('a paragraph deleted by the device that edited it, after a merge, is deleted with no copy', () => {
    const { events, rev } = wholeNote(THREE);
    const onA = new ChangesDevice(A, NOTE, THREE, rev);
    const edit = onA.save(withText(THREE, 1, 'Second paragraph, edited on A.'));
    const other = new ChangesDevice(B, NOTE, THREE, rev).save(withText(THREE, 0, 'First paragraph, edited on B.'));
    // A deletes its own edited paragraph before it hears of B's change: its delete is merged.
    const remove = onA.save([THREE[0], THREE[2]]);
    const notes = foldNotes(EMPTY_NOTES, [...events, edit, other, remove]);
    expect(notes.order).toEqual([NOTE]);
    expect(texts(notes)).toEqual(['First paragraph, edited on B.', 'Third paragraph.']);
  });
});
