import { describe, expect, it } from 'vitest';
import { foldApp } from '../../src/projections/foldApp';
import { INITIAL_STATE } from '../../src/projections/notesState';
import { storageKeyList } from '../../src/projections/storageKeys';
import { replayStorageKeys } from '../../src/ui/replay/storageLines';
import { ev } from './helpers';

/** The replay view's localStorage lines (docs/product.md "Event log tools") are `storageKeyList`'s, made from kept parts. */
describe('replay storage lines', () => {
  it('gives the keys and values of storageKeyList at every step, parts kept from the steps before', () => {
    const events = [
      ev('note.created', { id: '1', title: 'One "quoted"' }),
      ev('note.created', { id: '2', title: 'Two\nlines' }),
      ev('note.body-saved', { id: '1', html: '<p>a</p>' }),
      ev('note.starred', { id: '2' }),
      ev('note.renamed', { id: '2', title: 'Deux' }),
      ev('note.moved', { id: '2', direction: 'down' }),
      ev('note.created', { id: '3', title: '' }),
      ev('note.deleted', { id: '1' }),
      ev('note.body-saved', { id: '3', html: '<p>é</p>' }),
    ];
    let state = INITIAL_STATE;
    for (const event of [undefined, ...events]) {
      if (event) state = foldApp(state, [event]);
      const want = storageKeyList(state.notes);
      // Asked twice: the second time from the parts the first kept.
      for (let round = 0; round < 2; round++) {
        const got = replayStorageKeys(state.notes);
        expect(got.keys).toEqual(want.keys);
        for (let i = 0; i < want.keys.length; i++) expect(got.value(i)).toBe(want.value(i));
      }
    }
  });
});
