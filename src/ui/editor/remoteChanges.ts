import { TextSelection } from 'prosemirror-state';
import { topLevelOf, type PlainBlock } from '../../projections/changes/plainBlocks';
import { bodyBlocks, bodyChain, bodyHtml, type AppState } from '../../projections/notesState';
import { isPendingBody } from '../../projections/pendingBodies';
import { sanitizeBlocks } from '../../services/sanitizeBlocks';
import { showingStored } from './noteDocument';
import type { ChangesHolder } from './changeModel';
import type { NoteBlock, NoteEditor } from './schema';

/** Where the caret is: the block holding it and its offset in that block's inline content. */
interface Caret {
  id: string;
  offset: number;
}

function caretOf(editor: NoteEditor): Caret | null {
  const { $head } = editor.prosemirrorState.selection;
  for (let depth = $head.depth; depth > 0; depth--) {
    const node = $head.node(depth);
    if (node.type.name === 'blockContainer') return { id: String(node.attrs.id), offset: $head.parentOffset };
  }
  return null;
}

/** Put the caret back in block `caret.id` at its offset (or the block's end when its text got shorter). */
function restoreCaret(editor: NoteEditor, caret: Caret): void {
  const view = editor.prosemirrorView;
  if (!view) return;
  const { doc } = view.state;
  let at = -1;
  doc.descendants((node, pos) => {
    if (at >= 0) return false;
    if (node.type.name !== 'blockContainer') return true;
    if (node.attrs.id === caret.id) at = pos;
    return at < 0;
  });
  const content = at >= 0 ? doc.nodeAt(at)?.firstChild : null;
  if (!content?.isTextblock) return;
  const pos = at + 2 + Math.min(caret.offset, content.content.size);
  view.dispatch(view.state.tr.setSelection(TextSelection.create(doc, pos)).setMeta('addToHistory', false));
}

/**
 * Replace in `editor` the top-level blocks that differ from `target` (the note's top-level blocks after a
 * change made elsewhere): those holding a block in `touched`, and the run of blocks where the top-level
 * order differs. The caret goes to `caret` (its place after the change) where its block is still there;
 * the change is no edit (no autosave, no undo step).
 */
function showChangedBlocks(editor: NoteEditor, target: readonly PlainBlock[], touched: ReadonlySet<string>, caret: Caret | null): void {
  const current = editor.document;
  const tops = new Set<string>();
  const topOf = topLevelOf(target);
  for (const id of touched) {
    const top = topOf.get(id);
    if (top !== undefined) tops.add(top);
  }
  let first = 0;
  while (first < current.length && first < target.length && current[first].id === target[first].id) first++;
  let last = 0;
  while (
    last < current.length - first &&
    last < target.length - first &&
    current[current.length - 1 - last].id === target[target.length - 1 - last].id
  )
    last++;
  showingStored(editor, () =>
    editor.transact((tr) => {
      tr.setMeta('addToHistory', false);
      const blocksOf = (list: readonly PlainBlock[]) => sanitizeBlocks(list as unknown as NoteBlock[]);
      for (let i = 0; i < first; i++) if (tops.has(target[i].id)) editor.replaceBlocks([current[i].id], blocksOf([target[i]]));
      for (let i = 0; i < last; i++) {
        const block = target[target.length - 1 - i];
        if (tops.has(block.id)) editor.replaceBlocks([current[current.length - 1 - i].id], blocksOf([block]));
      }
      const removed = current.slice(first, current.length - last).map((block) => block.id);
      const inserted = blocksOf(target.slice(first, target.length - last));
      if (removed.length) editor.replaceBlocks(removed, inserted);
      else if (inserted.length && first > 0) editor.insertBlocks(inserted, current[first - 1].id, 'after');
      else if (inserted.length && current.length) editor.insertBlocks(inserted, current[0].id, 'before');
    }),
  );
  // Only a caret whose block was replaced moves; elsewhere the selection stays as it was (a range too).
  const replaced = new Set([...tops, ...current.slice(first, current.length - last).map((block) => block.id)]);
  if (caret && replaced.has(topOf.get(caret.id) ?? caret.id)) restoreCaret(editor, caret);
}

/**
 * Show a change of the shown note made elsewhere (another device's, merged by the fold, or another
 * tab's) that is on the chain the editor's change model follows (docs/architecture.md "Saves as
 * changes"): what is typed and unsaved is saved first (`saveFirst`, so the fold merges it rather than
 * a later save writing the editor's older blocks over the change), then the change model takes the
 * updates it lacks and the editor shows the blocks they touched. Returns the ids of the blocks they
 * touched, or null, changing nothing, when the change is not one the model can follow (no model yet,
 * a whole-body save elsewhere): the editor then treats it as before.
 * @throws PurifierNotLoadedError when a block to show holds a link and DOMPurify has not loaded.
 */
export function showRemoteChange(
  editor: NoteEditor,
  shown: ChangesHolder,
  noteId: string,
  state: () => AppState,
  unsaved: boolean,
  saveFirst: () => void,
): Set<string> | null {
  const onChain = (s: AppState) => {
    const rev = s.notes.revs[noteId];
    const body = s.notes.bodies[noteId];
    return shown.changes && rev && body && !rev.partial && !isPendingBody(body) && bodyChain(body) && rev.chain === shown.changes.start;
  };
  if (!onChain(state())) return null;
  // Links in the new blocks are checked before anything changes.
  sanitizeBlocks(bodyBlocks(state().notes.bodies[noteId]) ?? []);
  if (unsaved) saveFirst();
  const now = state();
  if (!onChain(now)) return null;
  const body = now.notes.bodies[noteId];
  const blocks = (bodyBlocks(body) ?? []) as PlainBlock[];
  const changes = shown.changes!;
  // The caret's place in its block's text, which the model now holds as the editor shows it, follows the merge.
  const caret = caretOf(editor);
  const anchor = caret ? changes.anchor(caret.id, caret.offset) : null;
  const touched = changes.receive(bodyChain(body)!.updates, blocks);
  shown.baseRev = now.notes.revs[noteId].id;
  shown.html = bodyHtml(body);
  const offset = anchor ? changes.placeOf(anchor) : null;
  showChangedBlocks(editor, blocks, touched, caret && { id: caret.id, offset: offset ?? caret.offset });
  return touched;
}
