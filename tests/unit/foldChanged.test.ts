import { beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../catalog';
import { planCompaction } from '../../src/events/compactionPlan';
import { loadChainEngine } from '../../src/projections/changes/chainEngine';
import { chainStartDocument } from '../../src/projections/changes/changeDocument';
import type { PlainBlock } from '../../src/projections/changes/plainBlocks';
import { isBase64 } from '../../src/projections/changes/updateBytes';
import { foldNotes } from '../../src/projections/foldNotes';
import { noteRevisions } from '../../src/projections/history';
import { bodyBlocks, EMPTY_NOTES } from '../../src/projections/notesState';
import { ChangesDevice, htmlOf, noteEvent, para, textOf, wholeHtml } from '../support/changesDevice';
import { A, B, foldedOnDevice, NOTE, texts, THREE, wholeNote, withText } from '../support/changesFold';

/**
 * Saves as changes in the notes fold (docs/architecture.md "Saves as changes"): devices make real
 * Yjs updates with the block model, as the editor does, and the fold must give one note every
 * device agrees on, keep both sides of concurrent edits and keep a copy only where it must.
 */

beforeAll(async () => {
  await loadChainEngine();
});

describe('a change on the note’s current revision', () => {
  it('applies its blocks and title: note_{id} is the joined HTML of the blocks, no copy', () => {
    const { events, rev } = wholeNote(THREE);
    const device = new ChangesDevice(A, NOTE, THREE, rev);
    const first = device.save(withText(THREE, 1, 'Second paragraph, edited.'), 'Plans for Monday');
    const second = device.save([...device.shown, para('b4', 'A fourth one.')]);
    const notes = foldNotes(EMPTY_NOTES, [...events, first, second]);
    expect(notes.order).toEqual([NOTE]);
    expect(notes.meta[NOTE].title).toBe('Plans for Monday');
    expect(texts(notes)).toEqual(['First paragraph.', 'Second paragraph, edited.', 'Third paragraph.', 'A fourth one.']);
    expect(notes.bodies[NOTE].html).toBe(wholeHtml(device.shown));
    expect(notes.revs[NOTE]).toMatchObject({ id: second.id, chain: rev });
    expect(notes.revs[NOTE].partial).toBeUndefined();
  });

  it('the first change after a whole body starts a chain from that body; a later whole save ends it', () => {
    const { events, rev } = wholeNote(THREE);
    const device = new ChangesDevice(A, NOTE, THREE, rev);
    const change = device.save(withText(THREE, 0, 'First, changed.'));
    const before = foldNotes(EMPTY_NOTES, events);
    expect(chainStartDocument(before.bodies[NOTE], rev)).toEqual({ blocks: THREE, parts: THREE.map(htmlOf) });
    const started = foldNotes(before, [change]);
    expect(started.bodies[NOTE].chain).toMatchObject({ origin: THREE, updates: [(change.payload as { update: string }).update] });
    expect(started.bodies[NOTE].chain!.parts).toEqual(device.shown.map(htmlOf));

    const whole = [para('w1', 'Rewritten whole.')];
    const saved = noteEvent('note.body-saved', { id: NOTE, html: wholeHtml(whole), blocks: whole, base: change.id }, A);
    const after = foldNotes(started, [saved]);
    expect(after.bodies[NOTE].chain).toBeUndefined();
    expect(after.revs[NOTE]).toEqual({ id: saved.id, origin: false, device: A });
    // The next change starts a new chain from that body.
    const next = new ChangesDevice(A, NOTE, whole, saved.id).save([para('w1', 'Rewritten whole, then changed.')]);
    const chained = foldNotes(after, [next]);
    expect(texts(chained)).toEqual(['Rewritten whole, then changed.']);
    expect(chained.revs[NOTE]).toMatchObject({ id: next.id, chain: saved.id });
  });

  it('starts the same chain whether the editor split the body first or the fold meets it fresh (a replay, another device)', () => {
    const { events, rev } = wholeNote(THREE);
    const change = new ChangesDevice(A, NOTE, THREE, rev).save(withText(THREE, 2, 'Third, changed.'));
    const before = foldNotes(EMPTY_NOTES, events);
    const asked = chainStartDocument(before.bodies[NOTE], rev);
    const afterAsking = foldNotes(before, [change]);
    const fresh = foldNotes(EMPTY_NOTES, structuredClone([...events, change]));
    expect(afterAsking).toEqual(fresh);
    expect(afterAsking.bodies[NOTE].chain!.origin).toEqual(asked!.blocks);
    expect(texts(fresh)).toEqual(['First paragraph.', 'Second paragraph.', 'Third, changed.']);
  });
});

describe('a new note saved as changes', () => {
  it('its first change carries the whole document; two devices that started it offline keep both', () => {
    const created = noteEvent('note.created', { id: NOTE, title: 'New' }, A);
    const a1 = new ChangesDevice(A, NOTE, null, created.id).save([para('a1', 'Typed on A.')]);
    const b1 = new ChangesDevice(B, NOTE, null, created.id).save([para('x1', 'Typed on B.')]);
    const alone = foldNotes(EMPTY_NOTES, [created, a1]);
    expect(texts(alone)).toEqual(['Typed on A.']);
    expect(alone.bodies[NOTE].html).toBe(wholeHtml([para('a1', 'Typed on A.')]));
    const both = foldNotes(EMPTY_NOTES, [created, a1, b1]);
    expect(both.order).toEqual([NOTE]);
    expect(texts(both).sort()).toEqual(['Typed on A.', 'Typed on B.']);
    expect(foldedOnDevice([created], [b1], [a1, b1])).toEqual(both);
  });
});

describe('two devices’ offline changes to one note', () => {
  it('edits of different paragraphs give one note with both, no copy, the same on both devices', () => {
    const { events, rev } = wholeNote(THREE);
    const onA = new ChangesDevice(A, NOTE, THREE, rev);
    const onB = new ChangesDevice(B, NOTE, THREE, rev);
    const a1 = onA.save(withText(THREE, 0, 'First paragraph, from A.'));
    const a2 = onA.save(withText(onA.shown, 0, 'First paragraph, from A, twice.'));
    const b1 = onB.save(withText(THREE, 2, 'Third paragraph, from B.'));
    const serverOrder = [b1, a1, a2];

    const notes = foldNotes(EMPTY_NOTES, [...events, ...serverOrder]);
    expect(notes.order).toEqual([NOTE]);
    expect(texts(notes)).toEqual(['First paragraph, from A, twice.', 'Second paragraph.', 'Third paragraph, from B.']);
    // Each merged block was last saved with the text the merge gave: the HTML is that of the document.
    expect(notes.bodies[NOTE].html).toBe(wholeHtml(bodyBlocks(notes.bodies[NOTE]) as PlainBlock[]));
    expect(notes.bodies[NOTE].chain!.stale).toBeUndefined();

    // A folded its own changes first, B its own; both rebase on the server's order.
    const onDeviceA = foldedOnDevice(events, [a1, a2], serverOrder);
    const onDeviceB = foldedOnDevice(events, [b1], serverOrder);
    expect(onDeviceA).toEqual(notes);
    expect(onDeviceB).toEqual(notes);
  });

  it('the other server order gives the same text', () => {
    const { events, rev } = wholeNote(THREE);
    const a1 = new ChangesDevice(A, NOTE, THREE, rev).save(withText(THREE, 0, 'First paragraph, from A.'));
    const b1 = new ChangesDevice(B, NOTE, THREE, rev).save(withText(THREE, 2, 'Third paragraph, from B.'));
    const ab = foldNotes(EMPTY_NOTES, [...events, a1, b1]);
    const ba = foldNotes(EMPTY_NOTES, [...events, b1, a1]);
    expect(texts(ab)).toEqual(texts(ba));
    expect(ab.bodies[NOTE].html).toBe(ba.bodies[NOTE].html);
  });

  it('the same paragraph edited on both keeps both texts in the document; its HTML is the later save’s until saved again', () => {
    const { events, rev } = wholeNote(THREE);
    const a1 = new ChangesDevice(A, NOTE, THREE, rev).save(withText(THREE, 1, 'Second paragraph. Added on A.'));
    const b1 = new ChangesDevice(B, NOTE, THREE, rev).save(withText(THREE, 1, 'Added on B. Second paragraph.'));
    const notes = foldNotes(EMPTY_NOTES, [...events, a1, b1]);
    expect(notes.order).toEqual([NOTE]);
    const merged = texts(notes)[1];
    expect(merged).toContain('Added on A.');
    expect(merged).toContain('Added on B.');
    expect(merged).toContain('Second paragraph.');
    expect(notes.bodies[NOTE].chain!.stale).toEqual(['b2']);
    expect(notes.bodies[NOTE].html).toContain('Added on B. Second paragraph.');
    expect(foldedOnDevice(events, [a1], [a1, b1])).toEqual(notes);
    expect(foldedOnDevice(events, [b1], [a1, b1])).toEqual(notes);
  });

  it('a paragraph deleted on one device and edited on the other (the delete first) keeps the edit as a copy, the same on both devices', () => {
    const { events, rev } = wholeNote(THREE);
    const a1 = new ChangesDevice(A, NOTE, THREE, rev).save([THREE[0], THREE[2]]);
    const b1 = new ChangesDevice(B, NOTE, THREE, rev).save(withText(THREE, 1, 'Second paragraph, edited on B.'));
    const notes = foldNotes(EMPTY_NOTES, [...events, a1, b1]);
    expect(texts(notes)).toEqual(['First paragraph.', 'Third paragraph.']);
    expect(notes.order).toHaveLength(2);
    const copy = notes.order[1];
    expect(notes.meta[copy].title).toMatch(/^Plans \(conflict, /);
    expect(texts(notes, copy)).toEqual(['Second paragraph, edited on B.']);
    expect(notes.revs[copy]).toMatchObject({ copyOf: NOTE, partial: true });
    expect(notes.revs[copy].chain).toBeUndefined();
    expect(foldedOnDevice(events, [a1], [a1, b1])).toEqual(notes);
    expect(foldedOnDevice(events, [b1], [a1, b1])).toEqual(notes);
    // A later change of the note's chain stays with the note.
    const a2 = new ChangesDevice(A, NOTE, THREE, rev);
    a2.save([THREE[0], THREE[2]]);
    const later = foldNotes(notes, [a2.save([para('b1', 'First, later.'), THREE[2]])]);
    expect(texts(later)).toEqual(['First, later.', 'Third paragraph.']);
    expect(texts(later, copy)).toEqual(['Second paragraph, edited on B.']);
  });

  it('a device that saves the merged block again makes its HTML current', () => {
    const { events, rev } = wholeNote(THREE);
    const a1 = new ChangesDevice(A, NOTE, THREE, rev).save(withText(THREE, 1, 'Second paragraph. Added on A.'));
    const b1 = new ChangesDevice(B, NOTE, THREE, rev).save(withText(THREE, 1, 'Added on B. Second paragraph.'));
    const merged = foldNotes(EMPTY_NOTES, [...events, a1, b1]);
    // A device that shows the merged note saves the block again with the HTML of what it shows.
    const blocks = bodyBlocks(merged.bodies[NOTE]) as PlainBlock[];
    const again = noteEvent(
      'note.changed',
      { id: NOTE, base: merged.revs[NOTE].id, start: rev, update: '', blocks: [{ block: blocks[1] as never, html: htmlOf(blocks[1]) }] },
      A,
    );
    const saved = foldNotes(merged, [again]);
    expect(saved.bodies[NOTE].chain!.stale).toBeUndefined();
    expect(saved.bodies[NOTE].html).toBe(wholeHtml(blocks));
  });
});

describe('changes the note cannot take', () => {
  it('a change of a chain the note no longer has (a whole save came first) becomes a copy of its blocks; later changes of that chain go to it', () => {
    const { events, rev } = wholeNote(THREE);
    const onA = new ChangesDevice(A, NOTE, THREE, rev);
    const whole = [para('w1', 'Saved whole on B.')];
    const saved = noteEvent('note.body-saved', { id: NOTE, html: wholeHtml(whole), blocks: whole, base: rev }, B);
    const a1 = onA.save(withText(THREE, 0, 'First paragraph, from A.'));
    const a2 = onA.save(withText(onA.shown, 2, 'Third paragraph, from A.'), 'Plans, renamed on A');
    const notes = foldNotes(EMPTY_NOTES, [...events, saved, a1, a2]);
    expect(notes.order).toHaveLength(2);
    const [note, copy] = notes.order;
    expect(note).toBe(NOTE);
    expect(texts(notes)).toEqual(['Saved whole on B.']);
    expect(notes.meta[copy].title).toMatch(/^Plans \(conflict, a device, 2026-11-27 \d\d:\d\d UTC\)$/);
    expect(notes.revs[copy]).toMatchObject({ copyOf: NOTE, chain: rev, partial: true });
    expect(texts(notes, copy)).toEqual(['First paragraph, from A.', 'Third paragraph, from A.']);
    expect(notes.bodies[copy].html).toBe(wholeHtml([para('b1', 'First paragraph, from A.'), para('b3', 'Third paragraph, from A.')]));
    expect(foldedOnDevice(events, [a1, a2], [saved, a1, a2])).toEqual(notes);
  });

  it('a whole save after a change keeps the chain’s body as a copy, and later changes of the chain reach that copy', () => {
    const { events, rev } = wholeNote(THREE);
    const onA = new ChangesDevice(A, NOTE, THREE, rev);
    const a1 = onA.save(withText(THREE, 0, 'First paragraph, from A.'));
    const whole = [para('w1', 'Saved whole on B.')];
    const saved = noteEvent('note.body-saved', { id: NOTE, html: wholeHtml(whole), blocks: whole, base: rev }, B);
    const a2 = onA.save(withText(onA.shown, 2, 'Third paragraph, from A.'));
    const notes = foldNotes(EMPTY_NOTES, [...events, a1, saved, a2]);
    const [, copy] = notes.order;
    expect(texts(notes)).toEqual(['Saved whole on B.']);
    expect(notes.revs[copy]).toMatchObject({ id: a2.id, copyOf: NOTE, chain: rev });
    expect(texts(notes, copy)).toEqual(['First paragraph, from A.', 'Second paragraph.', 'Third paragraph, from A.']);
  });

  it('a change for a note deleted elsewhere brings it back with the blocks it brought', () => {
    const { events, rev } = wholeNote(THREE);
    const deleted = noteEvent('note.deleted', { id: NOTE }, B);
    const a1 = new ChangesDevice(A, NOTE, THREE, rev).save(withText(THREE, 1, 'Second paragraph, kept.'));
    const notes = foldNotes(EMPTY_NOTES, [...events, deleted, a1]);
    expect(notes.order).toEqual([NOTE]);
    expect(notes.deleted[NOTE]).toBeUndefined();
    expect(notes.meta[NOTE].title).toBe('Plans');
    expect(texts(notes)).toEqual(['Second paragraph, kept.']);
    expect(notes.revs[NOTE]).toMatchObject({ id: a1.id, chain: rev, partial: true });
  });

  it.each([
    ['not base64', 'A'],
    ['not a Yjs update', 'bm90IGEgWWpzIHVwZGF0ZSwganVzdCB0ZXh0'],
  ])('a damaged update (%s) changes nothing, the same on every device', (_name, update) => {
    const { events, rev } = wholeNote(THREE);
    const a1 = new ChangesDevice(A, NOTE, THREE, rev).save(withText(THREE, 0, 'First paragraph, from A.'));
    const onB = new ChangesDevice(B, NOTE, THREE, rev);
    const good = onB.save(withText(THREE, 2, 'Third paragraph, from B.'));
    // B's change merges into A's; one with damaged bytes instead changes nothing.
    const damaged = { ...good, payload: { ...good.payload, update } } as AppEvent;
    const notes = foldNotes(EMPTY_NOTES, [...events, a1, damaged]);
    expect(notes).toEqual(foldNotes(EMPTY_NOTES, [...events, a1]));
    expect(foldedOnDevice(events, [damaged], [a1, damaged])).toEqual(notes);
    expect(foldedOnDevice(events, [a1], [a1, damaged])).toEqual(notes);
  });

  it('a change whose update is not base64 changes nothing on the current revision either', () => {
    const { events, rev } = wholeNote(THREE);
    const a1 = new ChangesDevice(A, NOTE, THREE, rev).save(withText(THREE, 0, 'First paragraph, from A.'));
    const damaged = { ...a1, payload: { ...a1.payload, update: 'AAAAA' } } as AppEvent;
    expect(foldNotes(EMPTY_NOTES, [...events, damaged])).toEqual(foldNotes(EMPTY_NOTES, events));
  });
});

describe('telling a damaged update without decoding it', () => {
  it('isBase64 agrees with the browser’s decoder on every text the event schema lets through', () => {
    const alphabet = ['A', 'b', '9', '+', '/'];
    const texts: string[] = [''];
    for (let length = 1; length <= 9; length++) for (const c of alphabet) texts.push(c.repeat(length));
    const decodes = (text: string) => {
      try {
        atob(text);
        return true;
      } catch {
        return false;
      }
    };
    for (const body of texts)
      for (const padding of ['', '=', '==']) {
        const text = body + padding;
        expect(isBase64(text), JSON.stringify(text)).toBe(decodes(text));
      }
  });
});

describe('history of a note saved as changes', () => {
  it('lists each change as a save with the text at that step, merges included', () => {
    const { events, rev } = wholeNote(THREE);
    const onA = new ChangesDevice(A, NOTE, THREE, rev);
    const a1 = onA.save(withText(THREE, 0, 'First paragraph, from A.'));
    const b1 = new ChangesDevice(B, NOTE, THREE, rev).save(withText(THREE, 2, 'Third paragraph, from B.'));
    const a2 = onA.save([...onA.shown, para('b4', 'Fourth, from A.')], 'Plans, four');
    const log = [...events, a1, b1, a2];
    const notes = foldNotes(EMPTY_NOTES, log);
    const revisions = noteRevisions(NOTE, log, notes);
    expect(revisions.map((r) => r.kind)).toEqual(['saved', 'saved', 'saved', 'saved', 'created']);
    const textAt = (i: number) => ((revisions[i].blocks ?? []) as PlainBlock[]).map(textOf);
    expect(textAt(3)).toEqual(THREE.map(textOf));
    expect(textAt(2)).toEqual(['First paragraph, from A.', 'Second paragraph.', 'Third paragraph.']);
    expect(textAt(1)).toEqual(['First paragraph, from A.', 'Second paragraph.', 'Third paragraph, from B.']);
    expect(textAt(0)).toEqual(['First paragraph, from A.', 'Second paragraph.', 'Third paragraph, from B.', 'Fourth, from A.']);
    expect(revisions[0].title).toBe('Plans, four');
    expect(revisions[0].html).toBe(notes.bodies[NOTE].html);
    expect(revisions[2].html).toBe(wholeHtml([para('b1', 'First paragraph, from A.'), THREE[1], THREE[2]]));
  });
});

describe('compaction of a log saved as changes', () => {
  it('keeps the whole bodies chains started from and every change: the compacted log folds to the same notes', () => {
    const { events, rev } = wholeNote(THREE);
    const first = new ChangesDevice(A, NOTE, THREE, rev).save(withText(THREE, 0, 'First, changed.'));
    const whole = [para('w1', 'Saved whole.')];
    const saved = noteEvent('note.body-saved', { id: NOTE, html: wholeHtml(whole), blocks: whole, base: first.id }, A);
    const later = new ChangesDevice(A, NOTE, whole, saved.id).save([para('w1', 'Saved whole, changed.')]);
    const log = [...events, first, saved, later];
    const drop = new Set(planCompaction(log, new Date('2027-06-01T00:00:00Z'), { retentionMs: 0, keepRevisionsPerNote: 1 }));
    expect(drop.has(first.seq) || drop.has(later.seq) || drop.has(saved.seq) || drop.has(log[1].seq)).toBe(false);
    expect(
      foldNotes(
        EMPTY_NOTES,
        log.filter((e) => !drop.has(e.seq)),
      ),
    ).toEqual(foldNotes(EMPTY_NOTES, log));
  });
});
