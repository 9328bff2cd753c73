import { beforeAll, describe, expect, it } from 'vitest';
import { loadChainEngine } from '../../src/projections/changes/chainEngine';
import type { PlainBlock } from '../../src/projections/changes/plainBlocks';
import { foldNotes } from '../../src/projections/foldNotes';
import { isRevision, noteRevisions } from '../../src/projections/history';
import { EMPTY_NOTES } from '../../src/projections/notesState';
import { ChangesDevice, noteEvent, para, textOf, wholeHtml } from '../support/changesDevice';
import { A, B, NOTE, THREE, wholeNote, withText } from '../support/changesFold';

/**
 * A note's History when its changes went to a conflict copy (docs/product.md "History"): such a
 * change is listed in the note's history as saved to that copy, showing the copy's title and the text
 * it went there with, and it is no revision of the note (nothing to restore, not the current text).
 */

beforeAll(async () => {
  await loadChainEngine();
});

const textsOf = (blocks: unknown[] | undefined) => ((blocks ?? []) as PlainBlock[]).map(textOf);

describe('history of a note whose changes went to a conflict copy', () => {
  it('lists changes of a chain a whole save replaced as saved to the copy, with the copy’s title, and leaves the note’s text as it was', () => {
    const { events, rev } = wholeNote(THREE);
    const onA = new ChangesDevice(A, NOTE, THREE, rev);
    const whole = [para('w1', 'Saved whole on B.')];
    const saved = noteEvent('note.body-saved', { id: NOTE, html: wholeHtml(whole), blocks: whole, base: rev }, B);
    const a1 = onA.save(withText(THREE, 0, 'First paragraph, from A.'));
    const a2 = onA.save(withText(onA.shown, 2, 'Third paragraph, from A.'));
    const log = [...events, saved, a1, a2];
    const notes = foldNotes(EMPTY_NOTES, log);
    const copy = notes.order[1];
    const revisions = noteRevisions(NOTE, log, notes);

    expect(revisions.map((r) => r.kind)).toEqual(['copied', 'copied', 'saved', 'saved', 'created']);
    const [second, first, wholeSave] = revisions;
    for (const entry of [first, second]) {
      expect(entry.copy).toBe(notes.meta[copy].title);
      expect(entry.title).toBe(notes.meta[copy].title);
      expect(isRevision(entry)).toBe(false);
    }
    expect(textsOf(first.blocks)).toEqual(['First paragraph, from A.']);
    expect(textsOf(second.blocks)).toEqual(['Third paragraph, from A.']);
    // The note's current text is the whole save: the newest revision of it.
    expect(revisions.find(isRevision)).toBe(wholeSave);
    expect(wholeSave.html).toBe(notes.bodies[NOTE].html);
    expect(wholeSave.copy).toBeUndefined();
  });

  it.each([
    ['the edit first', true],
    ['the delete first', false],
  ])(
    'a save that met a delete of an edited paragraph (%s) changes the note and names the copy the paragraph was kept in',
    (_order, editFirst) => {
      const { events, rev } = wholeNote(THREE);
      const edit = new ChangesDevice(A, NOTE, THREE, rev).save(withText(THREE, 1, 'Second paragraph, edited on A.'));
      const remove = new ChangesDevice(B, NOTE, THREE, rev).save([THREE[0], THREE[2]]);
      const log = [...events, ...(editFirst ? [edit, remove] : [remove, edit])];
      const notes = foldNotes(EMPTY_NOTES, log);
      const copy = notes.order[1];
      const [newest, older] = noteRevisions(NOTE, log, notes);

      expect(newest.kind).toBe('saved');
      expect(isRevision(newest)).toBe(true);
      expect(newest.copy).toBe(notes.meta[copy].title);
      expect(newest.html).toBe(notes.bodies[NOTE].html);
      expect(older.kind).toBe('saved');
      expect(older.copy).toBeUndefined();
    },
  );

  it('a change that merged into the note names no copy', () => {
    const { events, rev } = wholeNote(THREE);
    const a1 = new ChangesDevice(A, NOTE, THREE, rev).save(withText(THREE, 0, 'First paragraph, from A.'));
    const b1 = new ChangesDevice(B, NOTE, THREE, rev).save(withText(THREE, 2, 'Third paragraph, from B.'));
    const log = [...events, a1, b1];
    const revisions = noteRevisions(NOTE, log, foldNotes(EMPTY_NOTES, log));
    expect(revisions.map((r) => [r.kind, r.copy])).toEqual([
      ['saved', undefined],
      ['saved', undefined],
      ['saved', undefined],
      ['created', undefined],
    ]);
  });
});
