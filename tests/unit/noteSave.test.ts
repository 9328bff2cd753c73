import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { EventLog } from '../../src/events/eventLog';
import type { LogStorage } from '../../src/events/logStorage';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { autosaveMachine } from '../../src/machines/autosave';
import { flushAutosave, isPendingHere, noShownNote, saveShownNote, showNoteOf } from '../../src/ui/editor/noteSave';

const NOTE = '1700000000001';
const captured = (html: string) => () => ({ html, blocks: [] });

/** A log on `storage` holding one new note; its storage rejects writes while `full.now`. */
async function logWithNote(full = { now: false }) {
  const storage: LogStorage = createMemoryLogStorage();
  const realAppend = storage.append;
  storage.append = (events) => (full.now ? Promise.reject(new DOMException('full', 'QuotaExceededError')) : realAppend(events));
  const log = new EventLog({ storage });
  await log.load();
  await log.append('note.created', { id: NOTE, title: 'Untitled Note' });
  return { log, storage };
}

/** The body-saved events stored, oldest first. */
const bodySaves = async (storage: LogStorage) =>
  ((await storage.readAfter(0)) as { type: string; payload: { html: string; base?: string } }[])
    .filter((e) => e.type === 'note.body-saved')
    .map((e) => e.payload);

describe('saving the shown note (docs/product.md "States and transitions")', () => {
  it('appends the captured body naming the revision it started from, and the next save starts from the saved one', async () => {
    const { log, storage } = await logWithNote();
    const shown = noShownNote();
    showNoteOf(shown, NOTE, log.state);
    const startedFrom = shown.baseRev;
    expect(await saveShownNote(log, shown, NOTE, captured('<p>one</p>'))).toEqual({ skipped: false });
    expect(log.state.notes.bodies[NOTE]?.html).toBe('<p>one</p>');
    expect(shown.html).toBe('<p>one</p>');
    expect(shown.baseRev).toBe(log.state.notes.revs[NOTE]?.id);
    await saveShownNote(log, shown, NOTE, captured('<p>two</p>'));
    const saves = await bodySaves(storage);
    expect(saves.map((s) => s.html)).toEqual(['<p>one</p>', '<p>two</p>']);
    expect(saves[0].base).toBe(startedFrom);
    expect(saves[1].base).not.toBe(startedFrom);
  });

  it('skips a body equal to the saved one, a note no longer shown and a note that is gone', async () => {
    const { log, storage } = await logWithNote();
    const shown = noShownNote();
    showNoteOf(shown, NOTE, log.state);
    await saveShownNote(log, shown, NOTE, captured('<p>kept</p>'));
    expect(await saveShownNote(log, shown, NOTE, captured('<p>kept</p>'))).toEqual({ skipped: true });
    shown.noteId = null;
    expect(await saveShownNote(log, shown, NOTE, captured('<p>other note typed</p>'))).toEqual({ skipped: true });
    showNoteOf(shown, NOTE, log.state);
    await log.append('note.deleted', { id: NOTE });
    expect(await saveShownNote(log, shown, NOTE, captured('<p>late</p>'))).toEqual({ skipped: true });
    expect((await bodySaves(storage)).map((s) => s.html)).toEqual(['<p>kept</p>']);
  });

  it('writes what a failed write left pending before comparing, and counts that as a save', async () => {
    const full = { now: false };
    const { log, storage } = await logWithNote(full);
    const shown = noShownNote();
    showNoteOf(shown, NOTE, log.state);
    full.now = true;
    await expect(saveShownNote(log, shown, NOTE, captured('<p>typed while full</p>'))).rejects.toThrow('full');
    expect(log.pendingEvents()).toHaveLength(1);
    full.now = false;
    // The same text again: nothing new to append, but the pending save is now durable.
    expect(await saveShownNote(log, shown, NOTE, captured('<p>typed while full</p>'))).toEqual({ skipped: false });
    expect(log.pendingEvents()).toEqual([]);
    expect((await bodySaves(storage)).map((s) => s.html)).toEqual(['<p>typed while full</p>']);
  });

  it("tells this tab's own pending text from text saved elsewhere", async () => {
    const full = { now: false };
    const { log } = await logWithNote(full);
    full.now = true;
    await log.append('note.body-saved', { id: NOTE, html: '<p>mine</p>', blocks: [] }).catch(() => undefined);
    expect(isPendingHere(log, NOTE, '<p>mine</p>')).toBe(true);
    expect(isPendingHere(log, NOTE, '<p>theirs</p>')).toBe(false);
    expect(isPendingHere(log, '1700000000002', '<p>mine</p>')).toBe(false);
  });
});

describe('Save now', () => {
  const autosaveWith = (saveNote: () => Promise<{ skipped: boolean }>) =>
    createActor(autosaveMachine.provide({ actors: { saveNote: fromPromise(saveNote) } })).start();

  it('answers saved at once when nothing waits to be saved', async () => {
    const autosave = autosaveWith(() => Promise.reject(new Error('not called')));
    expect(await flushAutosave(autosave)).toBe('saved');
  });

  it('answers saved once the flushed save is durable, and failed when it fails', async () => {
    let saves = 0;
    const ok = autosaveWith(async () => ({ skipped: saves++ < 0 }));
    ok.send({ type: 'editor.input', noteId: NOTE });
    expect(await flushAutosave(ok)).toBe('saved');
    expect(saves).toBe(1);
    const failing = autosaveWith(() => Promise.reject(new Error('disk full')));
    failing.send({ type: 'editor.input', noteId: NOTE });
    expect(await flushAutosave(failing)).toBe('failed');
  });
});
