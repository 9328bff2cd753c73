// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BlockNoteEditor } from '@blocknote/core';
import { EventLog } from '../../src/events/eventLog';
import { openIndexedDbStorage, type LogStorage } from '../../src/events/logStorage';
import { loadChainEngine } from '../../src/projections/changes/chainEngine';
import { isUnreadBody } from '../../src/projections/notesState';
import { ChangeModel } from '../../src/ui/editor/changeModel';
import { captureBody } from '../../src/ui/editor/noteDocument';
import { noShownNote, saveShownNote, showNoteOf } from '../../src/ui/editor/noteSave';
import { noteSchema, type NoteBlock, type NoteEditor } from '../../src/ui/editor/schema';

/**
 * The autosave of a note a reload left unread (docs/architecture.md "Snapshots", "Appends on an
 * unread note"): the shown note's document turned unread under the editor, and what is typed is
 * saved all the same, as a change once its document is read, whole when the save cannot wait.
 */

const NOTE = '1700000000001';
const OTHER = '1700000000002';

beforeAll(async () => {
  await loadChainEngine();
});
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

const paragraphs = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `p${i}`, type: 'paragraph', content: `Paragraph ${i}.` })) as unknown as NoteBlock[];

const appendWord = (editor: NoteEditor, id: string, word: string) => {
  const block = editor.getBlock(id)!;
  const text = (block.content as { text: string }[]).map((t) => t.text).join('');
  editor.updateBlock(id, { content: `${text} ${word}` });
};

/** NOTE shown in an editor with its change model, then a snapshot and a reload that leave its document unread (another note is selected). */
async function shownThenReloaded() {
  const storage = await openIndexedDbStorage(null);
  const editor = BlockNoteEditor.create({ schema: noteSchema });
  editor.replaceBlocks(editor.document, paragraphs(5));
  const log = new EventLog({ storage });
  await log.load();
  await log.append('note.created', { id: NOTE, title: 'Shown' });
  const body = captureBody(editor);
  await log.append('note.body-saved', { id: NOTE, html: body.html, blocks: body.blocks, base: log.state.notes.revs[NOTE]?.id });
  const shown = noShownNote();
  showNoteOf(shown, NOTE, log.state);
  shown.changes = ChangeModel.open(log.state.notes.bodies[NOTE], log.state.notes.revs[NOTE], () => editor.document);
  await log.append('note.created', { id: OTHER, title: 'Selected' });
  await log.writeSnapshot();
  await log.reload();
  expect(isUnreadBody(log.state.notes.bodies[NOTE])).toBe(true);
  return { editor, log, shown, storage };
}

const storedTypes = async (storage: LogStorage) => ((await storage.readAfter(0)) as { type: string }[]).map((e) => e.type);

describe('saving a shown note a reload left unread', () => {
  it('reads its document first, then saves what is typed as a change on its chain', async () => {
    const { editor, log, shown, storage } = await shownThenReloaded();
    appendWord(editor, 'p2', 'typed');
    expect(await saveShownNote(log, shown, NOTE, () => captureBody(editor), Promise.resolve())).toEqual({ skipped: false });
    expect((await storedTypes(storage)).at(-1)).toBe('note.changed');
    expect(log.state.notes.bodies[NOTE].html).toBe(captureBody(editor).html);
    expect(shown.baseRev).toBe(log.state.notes.revs[NOTE].id);
    await log.close();
  });

  it('saves it whole on a flush, which cannot wait for a read, so nothing typed waits', async () => {
    const { editor, log, shown, storage } = await shownThenReloaded();
    appendWord(editor, 'p3', 'flushed');
    const saved = saveShownNote(log, shown, NOTE, () => captureBody(editor));
    // Applied at once, in the flush's task.
    expect(log.state.notes.bodies[NOTE].html).toBe(captureBody(editor).html);
    expect(await saved).toEqual({ skipped: false });
    expect((await storedTypes(storage)).at(-1)).toBe('note.body-saved');
    await log.close();
  });
});
