import { beforeAll, describe, expect, it } from 'vitest';
import { readNotesState } from '../../catalog';
import { loadChainEngine } from '../../src/projections/changes/chainEngine';
import { checkpointNotes } from '../../src/services/sync/checkpointNotes';
import { foldNotes } from '../../src/projections/foldNotes';
import { EMPTY_NOTES, type NotesState } from '../../src/projections/notesState';
import { ChangesDevice } from '../support/changesDevice';
import { A, B, NOTE, texts, THREE, wholeNote, withText } from '../support/changesFold';

/**
 * Checkpoints of notes saved as changes (docs/architecture.md "Sync", "Saves as changes"): a device
 * that starts from one folds a later change of a note exactly as a device that folded every event.
 */

beforeAll(async () => {
  await loadChainEngine();
});

/** The notes as a checkpoint carries them, through JSON and read back as a device reads a checkpoint. */
function throughCheckpoint(notes: NotesState): NotesState {
  const reading = readNotesState(5, JSON.parse(JSON.stringify(checkpointNotes(notes))));
  if (!reading.ok) throw new Error('the checkpoint does not read');
  return reading.state;
}

describe('a checkpoint of notes saved as changes', () => {
  it('carries each chain, so a device starting from it merges a concurrent change as one that folded every event', () => {
    const { events, rev } = wholeNote(THREE);
    const onA = new ChangesDevice(A, NOTE, THREE, rev);
    const onB = new ChangesDevice(B, NOTE, THREE, rev);
    const a1 = onA.save(withText(THREE, 0, 'First, by A.'));
    const b1 = onB.save(withText(THREE, 2, 'Third, by B.'));
    const a2 = onA.save(withText(onA.shown, 1, 'Second, by A.'));
    const atCheckpoint = foldNotes(EMPTY_NOTES, [...events, a1, a2]);
    const everything = foldNotes(atCheckpoint, [b1]);
    expect(texts(everything)).toEqual(['First, by A.', 'Second, by A.', 'Third, by B.']);
    const fromCheckpoint = foldNotes(throughCheckpoint(atCheckpoint), [b1]);
    expect(texts(fromCheckpoint)).toEqual(texts(everything));
    expect(fromCheckpoint.bodies[NOTE].html).toBe(everything.bodies[NOTE].html);
  });
});
