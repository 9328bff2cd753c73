// @vitest-environment jsdom
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BlockNoteEditor } from '@blocknote/core';
import { EventLog } from '../../src/events/eventLog';
import type { LogStorage } from '../../src/events/logStorage';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { loadChainEngine } from '../../src/projections/changes/chainEngine';
import { updateFromBase64 } from '../../src/projections/changes/updateBytes';
import { ChangeModel, orderSplices } from '../../src/ui/editor/changeModel';
import { captureBody } from '../../src/ui/editor/noteDocument';
import { prepareChanges } from '../../src/ui/editor/noteChanges';
import { appendSave, noShownNote, saveShownNote, showNoteOf, type ShownNote } from '../../src/ui/editor/noteSave';
import { showRemoteChange } from '../../src/ui/editor/remoteChanges';
import { noteSchema, type NoteBlock, type NoteEditor } from '../../src/ui/editor/schema';

/**
 * Saves as changes on the device (docs/architecture.md "Saves as changes"): what a save of the shown
 * note carries, and that the notes fold joins it into exactly the HTML the editor has.
 */

const NOTE = '1700000000001';

interface Stored {
  type: string;
  payload: { blocks?: { block: { id: string }; html: string }[]; update?: string; order?: unknown[]; base?: string; start?: string };
}

const paragraphs = (count: number, prefix = 'p') =>
  Array.from({ length: count }, (_, i) => ({
    id: `${prefix}${i}`,
    type: 'paragraph',
    content: `Paragraph ${i} of the note, with a few words in it.`,
  })) as unknown as NoteBlock[];

/** A log holding note NOTE saved whole from `editor` (showing `blocks`), and the editor's shown note with its change model (`withModel`). */
async function noteShown(blocks: NoteBlock[], storage: LogStorage = createMemoryLogStorage(), withModel = true) {
  const editor = BlockNoteEditor.create({ schema: noteSchema });
  editor.replaceBlocks(editor.document, blocks);
  const log = new EventLog({ storage });
  await log.load();
  await log.append('note.created', { id: NOTE, title: 'Long note' });
  const body = captureBody(editor);
  await log.append('note.body-saved', { id: NOTE, html: body.html, blocks: body.blocks, base: log.state.notes.revs[NOTE]?.id });
  const shown = noShownNote();
  showNoteOf(shown, NOTE, log.state);
  const opening = performance.now();
  if (withModel) shown.changes = ChangeModel.open(log.state.notes.bodies[NOTE], log.state.notes.revs[NOTE], () => editor.document);
  const openMs = performance.now() - opening;
  return { editor, log, shown, storage, openMs };
}

const stored = async (storage: LogStorage) => (await storage.readAfter(0)) as Stored[];
const lastChange = async (storage: LogStorage) => (await stored(storage)).filter((e) => e.type === 'note.changed').at(-1)!;

const appendWord = (editor: NoteEditor, id: string, word: string) => {
  const block = editor.getBlock(id)!;
  const text = (block.content as { text: string }[]).map((t) => t.text).join('');
  editor.updateBlock(id, { content: `${text} ${word}` });
};

// The editor loads the change model and the fold's chain engine together (noteChanges.ts).
beforeAll(async () => {
  await loadChainEngine();
});

describe('a save of the shown note as a change', () => {
  it('carries one block and an update under 2 KB for one word in a 5,000-block note, and folds into the HTML the editor has', async () => {
    const { editor, log, shown, storage, openMs } = await noteShown(paragraphs(5000));
    const startRev = shown.baseRev!;
    captureBody(editor); // the HTML cache primed, as the editor does in idle time
    appendWord(editor, 'p2500', 'hello');
    const saving = performance.now();
    expect(await saveShownNote(log, shown, NOTE, () => captureBody(editor))).toEqual({ skipped: false });
    const firstMs = performance.now() - saving;
    const first = await lastChange(storage);
    expect(first.payload.blocks?.map((c) => c.block.id)).toEqual(['p2500']);
    expect(first.payload.base).toBe(startRev);
    expect(first.payload.start).toBe(startRev);
    expect(first.payload.order).toBeUndefined();
    const bytes = updateFromBase64(first.payload.update!).length;
    expect(bytes).toBeLessThan(2048);
    console.log(
      `one-word save at 5,000 blocks: update ${bytes} B, event payload ${JSON.stringify(first.payload).length} B;` +
        ` model made in ${openMs.toFixed(0)} ms, first save ${firstMs.toFixed(0)} ms (jsdom)`,
    );
    expect(log.state.notes.bodies[NOTE].html).toBe(captureBody(editor).html);

    // The next save continues the chain from the revision the first one made.
    appendWord(editor, 'p10', 'world');
    const next = performance.now();
    await saveShownNote(log, shown, NOTE, () => captureBody(editor));
    console.log(`next one-word save: ${(performance.now() - next).toFixed(0)} ms (jsdom)`);
    const second = await lastChange(storage);
    expect(second.payload.blocks?.map((c) => c.block.id)).toEqual(['p10']);
    expect(second.payload.start).toBe(startRev);
    expect(second.payload.base).not.toBe(startRev);
    expect(updateFromBase64(second.payload.update!).length).toBeLessThan(2048);
    expect(log.state.notes.bodies[NOTE].html).toBe(captureBody(editor).html);

    // A log read again from storage folds the same note.
    const again = new EventLog({ storage });
    await again.load();
    expect(again.state.notes.bodies[NOTE].html).toBe(captureBody(editor).html);
  }, 120_000);

  it('makes the model in the background from the note as shown then: a first save after opening a big note carries and compares only the blocks typed in', async () => {
    const { editor, log, shown, storage } = await noteShown(paragraphs(5000), undefined, false);
    const startRev = shown.baseRev!;
    captureBody(editor);
    prepareChanges(
      shown,
      () => log.state,
      () => editor.document,
    );
    expect(shown.changes).toBeNull();
    // Typed while the model is being made: the model takes the editor's document as it is once made.
    appendWord(editor, 'p20', 'early');
    await vi.waitFor(() => expect(shown.changes).not.toBeNull(), { timeout: 60_000, interval: 50 });
    appendWord(editor, 'p2500', 'hello');
    expect(shown.changes!.unsaved(editor.document as never)).toEqual(['p20', 'p2500']);
    expect(await saveShownNote(log, shown, NOTE, () => captureBody(editor))).toEqual({ skipped: false });
    const first = await lastChange(storage);
    expect(first.payload.blocks?.map((c) => c.block.id)).toEqual(['p20', 'p2500']);
    expect(first.payload.start).toBe(startRev);
    expect(first.payload.order).toBeUndefined();
    expect(log.state.notes.bodies[NOTE].html).toBe(captureBody(editor).html);
    // Only the block typed in next is compared at the save after.
    appendWord(editor, 'p4000', 'world');
    expect(shown.changes!.unsaved(editor.document as never)).toEqual(['p4000']);
    const again = new EventLog({ storage });
    await saveShownNote(log, shown, NOTE, () => captureBody(editor));
    await again.load();
    expect(again.state.notes.bodies[NOTE].html).toBe(captureBody(editor).html);
  }, 120_000);

  it('carries the whole body while the model is being made, and changes once it is made from that body', async () => {
    const { editor, log, shown, storage } = await noteShown(paragraphs(300), undefined, false);
    prepareChanges(
      shown,
      () => log.state,
      () => editor.document,
    );
    appendWord(editor, 'p5', 'before');
    await saveShownNote(log, shown, NOTE, () => captureBody(editor));
    expect((await stored(storage)).at(-1)!.type).toBe('note.body-saved');
    await vi.waitFor(() => expect(shown.changes).not.toBeNull(), { timeout: 60_000, interval: 20 });
    expect(shown.changes!.start).toBe(log.state.notes.revs[NOTE].id);
    appendWord(editor, 'p7', 'after');
    await saveShownNote(log, shown, NOTE, () => captureBody(editor));
    const change = await lastChange(storage);
    expect(change.payload.blocks?.map((c) => c.block.id)).toEqual(['p7']);
    expect(log.state.notes.bodies[NOTE].html).toBe(captureBody(editor).html);
  }, 60_000);

  it('carries inserted, deleted and moved blocks as order splices, and skips a save that changes nothing', async () => {
    const { editor, log, shown, storage } = await noteShown(paragraphs(6));
    editor.insertBlocks(paragraphs(2, 'new'), 'p1', 'after');
    editor.removeBlocks(['p4']);
    expect(await saveShownNote(log, shown, NOTE, () => captureBody(editor))).toEqual({ skipped: false });
    const change = await lastChange(storage);
    expect(change.payload.blocks?.map((c) => c.block.id)).toEqual(['new0', 'new1']);
    expect(change.payload.order?.length).toBeGreaterThan(0);
    expect(log.state.notes.bodies[NOTE].html).toBe(captureBody(editor).html);
    expect(log.state.notes.bodies[NOTE].blocks?.map((b) => (b as { id: string }).id)).toEqual(editor.document.map((b) => b.id));
    expect(await saveShownNote(log, shown, NOTE, () => captureBody(editor))).toEqual({ skipped: true });
  });

  it('carries the whole body until the change model is ready', async () => {
    const { editor, log, shown, storage } = await noteShown(paragraphs(3));
    shown.changes = null;
    appendWord(editor, 'p1', 'typed');
    await saveShownNote(log, shown, NOTE, () => captureBody(editor));
    const last = (await stored(storage)).at(-1)!;
    expect(last.type).toBe('note.body-saved');
    expect(log.state.notes.bodies[NOTE].html).toBe(captureBody(editor).html);
  });

  it('carries the whole body when the change model fails, so nothing typed waits for it', async () => {
    const { editor, log, shown, storage } = await noteShown(paragraphs(3));
    const model = shown.changes!;
    vi.spyOn(model, 'change').mockImplementation(() => {
      throw new Error('broken model');
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    appendWord(editor, 'p2', 'kept');
    expect(await saveShownNote(log, shown, NOTE, () => captureBody(editor))).toEqual({ skipped: false });
    expect((await stored(storage)).at(-1)!.type).toBe('note.body-saved');
    expect(log.state.notes.bodies[NOTE].html).toBe(captureBody(editor).html);
    expect(shown.changes).toBeNull();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('turns one id sequence into another with its splices', () => {
    const apply = (from: string[], to: string[]) => {
      const ids = [...from];
      for (const s of orderSplices(from, to)) ids.splice(s.at, s.remove, ...s.insert);
      return ids;
    };
    const cases: [string[], string[]][] = [
      [
        ['a', 'b', 'c'],
        ['a', 'b', 'c'],
      ],
      [
        ['a', 'b', 'c'],
        ['c', 'a', 'b'],
      ],
      [
        ['a', 'b', 'c', 'd'],
        ['x', 'b', 'y', 'd', 'z'],
      ],
      [[], ['a']],
      [['a', 'b'], []],
    ];
    for (const [from, to] of cases) expect(apply(from, to)).toEqual(to);
  });
});

/** Another tab on `storage` showing note NOTE as stored, with its change model. */
async function otherTab(storage: LogStorage) {
  const log = new EventLog({ storage });
  await log.load();
  const editor = BlockNoteEditor.create({ schema: noteSchema });
  editor.replaceBlocks(editor.document, log.state.notes.bodies[NOTE].blocks as NoteBlock[]);
  const shown: ShownNote = noShownNote();
  showNoteOf(shown, NOTE, log.state);
  shown.changes = ChangeModel.open(log.state.notes.bodies[NOTE], log.state.notes.revs[NOTE]);
  return { editor, log, shown, storage };
}

const textOf = (editor: NoteEditor, id: string) => (editor.getBlock(id)!.content as { text: string }[]).map((t) => t.text).join('');

describe('changes of one note made in two places at once', () => {
  /** Two tabs of one log showing the note on its chain; each edits, both save, then each reads the other's save. */
  async function bothEdit(editA: (editor: NoteEditor) => void, editB: (editor: NoteEditor) => void) {
    await loadChainEngine();
    const a = await noteShown(paragraphs(5));
    appendWord(a.editor, 'p0', 'start');
    await saveShownNote(a.log, a.shown, NOTE, () => captureBody(a.editor));
    const b = await otherTab(a.storage);
    editA(a.editor);
    editB(b.editor);
    await appendSave(a.log, a.shown, NOTE, captureBody(a.editor));
    await appendSave(b.log, b.shown, NOTE, captureBody(b.editor));
    await a.log.catchUp();
    await b.log.catchUp();
    for (const tab of [a, b]) {
      expect(
        showRemoteChange(
          tab.editor,
          tab.shown,
          NOTE,
          () => tab.log.state,
          false,
          () => {},
        ),
      ).not.toBeNull();
      expect(tab.shown.baseRev).toBe(tab.log.state.notes.revs[NOTE].id);
    }
    return { a, b };
  }

  it('merge edits of different paragraphs: one note holding both, shown in both editors', async () => {
    const { a, b } = await bothEdit(
      (editor) => appendWord(editor, 'p1', 'fromA'),
      (editor) => appendWord(editor, 'p3', 'fromB'),
    );
    expect(a.log.state.notes.order).toEqual([NOTE]);
    expect(b.log.state.notes.order).toEqual([NOTE]);
    expect(a.log.state.notes.bodies[NOTE].html).toBe(b.log.state.notes.bodies[NOTE].html);
    for (const { editor, log } of [a, b]) {
      expect(textOf(editor, 'p1')).toMatch(/fromA$/);
      expect(textOf(editor, 'p3')).toMatch(/fromB$/);
      expect(captureBody(editor).html).toBe(log.state.notes.bodies[NOTE].html);
    }
    // The next save of either starts from the merged revision and carries only what it changes.
    appendWord(a.editor, 'p4', 'later');
    await saveShownNote(a.log, a.shown, NOTE, () => captureBody(a.editor));
    const last = await lastChange(a.storage);
    expect(last.payload.blocks?.map((c) => c.block.id)).toEqual(['p4']);
    expect(a.log.state.notes.bodies[NOTE].html).toBe(captureBody(a.editor).html);
  });

  it('keep both texts of a paragraph edited in both places', async () => {
    const { a, b } = await bothEdit(
      (editor) => appendWord(editor, 'p2', 'fromA'),
      (editor) => editor.updateBlock('p2', { content: `fromB ${textOf(editor, 'p2')}` }),
    );
    expect(a.log.state.notes.order).toEqual([NOTE]);
    for (const { editor } of [a, b]) {
      expect(textOf(editor, 'p2')).toMatch(/^fromB .* fromA$/);
    }
    expect(textOf(a.editor, 'p2')).toBe(textOf(b.editor, 'p2'));
    // The merged paragraph keeps an older save's HTML until an editor showing it saves it again (a change without an update).
    expect(a.log.state.notes.bodies[NOTE].chain?.stale).toEqual(['p2']);
    await appendSave(a.log, a.shown, NOTE, captureBody(a.editor));
    expect(a.log.state.notes.bodies[NOTE].chain?.stale).toBeUndefined();
    expect(a.log.state.notes.bodies[NOTE].html).toBe(captureBody(a.editor).html);
    expect(a.log.state.notes.bodies[NOTE].html).toMatch(/fromB .* fromA/);
  });

  it('saves what is typed before showing a change made elsewhere, so nothing typed is written over it', async () => {
    await loadChainEngine();
    const a = await noteShown(paragraphs(3));
    appendWord(a.editor, 'p0', 'start');
    await saveShownNote(a.log, a.shown, NOTE, () => captureBody(a.editor));
    const b = await otherTab(a.storage);
    appendWord(b.editor, 'p2', 'fromB');
    await appendSave(b.log, b.shown, NOTE, captureBody(b.editor));
    await a.log.catchUp();
    // A typed in the same paragraph and has not saved yet.
    appendWord(a.editor, 'p2', 'typedA');
    const written: { save?: Promise<unknown> | null } = {};
    const saved = () => void (written.save = appendSave(a.log, a.shown, NOTE, captureBody(a.editor)));
    expect(showRemoteChange(a.editor, a.shown, NOTE, () => a.log.state, true, saved)).not.toBeNull();
    expect(written.save).toBeTruthy();
    await written.save;
    expect(textOf(a.editor, 'p2')).toMatch(/fromB/);
    expect(textOf(a.editor, 'p2')).toMatch(/typedA/);
    await b.log.catchUp();
    expect(
      showRemoteChange(
        b.editor,
        b.shown,
        NOTE,
        () => b.log.state,
        false,
        () => {},
      ),
    ).not.toBeNull();
    expect(textOf(b.editor, 'p2')).toBe(textOf(a.editor, 'p2'));
  });
});

describe('an autosave that waits for its work (docs/architecture.md "Editor")', () => {
  const words = async (storage: LogStorage) =>
    (await stored(storage)).filter((e) => e.type === 'note.changed').map((e) => e.payload.blocks!.map((c) => c.html).join(''));

  it('captures once its work is ready and appends in a task after the capture, with what was typed meanwhile', async () => {
    const { editor, log, shown, storage } = await noteShown(paragraphs(50));
    const startRev = shown.baseRev;
    appendWord(editor, 'p10', 'hello');
    let ready!: () => void;
    const afterCapture: { waiting?: boolean; rev?: string } = {};
    const capture = () => {
      // What holds once the capture's task has run its microtasks: the save is taken, not appended.
      void Promise.resolve().then(() => Object.assign(afterCapture, { waiting: !!shown.unappended, rev: log.state.notes.revs[NOTE]?.id }));
      return captureBody(editor);
    };
    const saving = saveShownNote(log, shown, NOTE, capture, new Promise<void>((resolve) => (ready = resolve)));
    appendWord(editor, 'p10', 'world');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log.state.notes.revs[NOTE]?.id).toBe(startRev);
    ready();
    expect(await saving).toEqual({ skipped: false });
    expect(afterCapture).toEqual({ waiting: true, rev: startRev });
    expect(shown.unappended).toBeUndefined();
    expect(await words(storage)).toEqual([expect.stringMatching(/hello world/)]);
    expect(log.state.notes.bodies[NOTE].html).toBe(captureBody(editor).html);
  });

  it('saves at once, synchronously, when a flush meets it before the capture or before the append', async () => {
    const { editor, log, shown, storage } = await noteShown(paragraphs(50));
    appendWord(editor, 'p3', 'first');
    const never = new Promise<void>(() => {});
    const first = saveShownNote(log, shown, NOTE, () => captureBody(editor), never);
    shown.hurry!();
    expect(log.state.notes.bodies[NOTE].html).toMatch(/first/);
    expect(await first).toEqual({ skipped: false });

    appendWord(editor, 'p4', 'second');
    let flushed: string | undefined;
    const capture = () => {
      void Promise.resolve().then(() => {
        void shown.unappended!();
        flushed = log.state.notes.bodies[NOTE].html;
      });
      return captureBody(editor);
    };
    expect(await saveShownNote(log, shown, NOTE, capture, Promise.resolve())).toEqual({ skipped: false });
    expect(flushed).toMatch(/second/);
    expect(await words(storage)).toEqual([expect.stringMatching(/first/), expect.stringMatching(/second/)]);
  });

  it('appends a save taken earlier before a later one, and skips a save replaced before it captured', async () => {
    const { editor, log, shown, storage } = await noteShown(paragraphs(50));
    appendWord(editor, 'p5', 'earlier');
    const later: { save?: Promise<unknown> | null } = {};
    const capture = () => {
      // Another save (a change made elsewhere meeting unsaved input) before this one's append.
      void Promise.resolve().then(() => {
        appendWord(editor, 'p6', 'later');
        later.save = appendSave(log, shown, NOTE, captureBody(editor));
      });
      return captureBody(editor);
    };
    await saveShownNote(log, shown, NOTE, capture, Promise.resolve());
    await later.save;
    expect(later.save).toBeTruthy();
    expect(await words(storage)).toEqual([expect.stringMatching(/earlier/), expect.stringMatching(/later/)]);
    const [first, second] = (await stored(storage)).filter((e) => e.type === 'note.changed');
    expect(second.payload.base).not.toBe(first.payload.base);
    expect(log.state.notes.bodies[NOTE].html).toBe(captureBody(editor).html);

    appendWord(editor, 'p7', 'replaced');
    const replaced = new AbortController();
    const dropped = saveShownNote(log, shown, NOTE, () => captureBody(editor), new Promise<void>(() => {}), replaced.signal);
    replaced.abort();
    expect(await dropped).toEqual({ skipped: true });
    expect(shown.hurry).toBeUndefined();
    expect(await words(storage)).toHaveLength(2);
  });
});
