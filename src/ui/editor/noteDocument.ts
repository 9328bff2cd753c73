import { bodyBlocks, bodyHtml, type NoteBody } from '../../projections/notesState';
import { PurifierNotLoadedError } from '../../services/purifier';
import { sanitizeNoteHtml } from '../../services/sanitize';
import { sanitizeBlocks } from '../../services/sanitizeBlocks';
import { isEmptyDocument } from '../../projections/changes/documentParts';
import { BlockHtmlCache } from './blockHtmlCache';
import type { NoteBlock, NoteEditor } from './schema';

/** The captured content of the editor: what note.body-saved carries, and each top-level block's HTML alone for a save as a change. */
export interface CapturedBody {
  html: string;
  blocks: NoteBlock[];
  /** A top-level block's HTML alone, from the same cache `html` was joined from (the fold joins them again). */
  blockHtml?: (block: NoteBlock) => string;
}

/** One cache per editor; made on first use, lives as long as the editor. */
const caches = new WeakMap<NoteEditor, BlockHtmlCache>();
/** A change of this many blocks or more (a paste) is serialized in idle time rather than by the next save. */
const PRIME_CHANGED_BLOCKS = 50;
/** Editors whose document `showBody` is replacing right now (not an edit). */
const loading = new WeakSet<NoteEditor>();

/**
 * The HTML cache of `editor`. On first use it starts listening to the editor's changes: after the
 * first edit of a note just shown (or a change of many blocks), blocks not in the cache are
 * serialized in idle time, before the autosave needs them. A note only read costs nothing, and
 * keystrokes after that cost nothing either: the save serializes the one block they changed.
 */
export function blockHtmlCacheOf(editor: NoteEditor): BlockHtmlCache {
  let cache = caches.get(editor);
  if (!cache) {
    const made = new BlockHtmlCache(editor);
    editor.onChange((_, { getChanges }) => {
      if (loading.has(editor)) return;
      // The first edit after a note was shown primes every block; later a save serializes the
      // few changed blocks itself, unless one change brought many (a paste).
      if (!made.primed || getChanges().length >= PRIME_CHANGED_BLOCKS) made.schedulePrime();
    });
    caches.set(editor, made);
    cache = made;
  }
  return cache;
}

/**
 * The blocks to show for a stored body: the saved editor document when there is one (lossless,
 * its link and media URLs checked: it may come from an imported log), else the stored HTML
 * sanitized, parsed by BlockNote and its URLs checked likewise (legacy notes), else one empty paragraph.
 * @throws PurifierNotLoadedError when that needs DOMPurify (a link, or HTML only) before it has loaded.
 */
function blocksForBody(editor: NoteEditor, body: NoteBody | undefined): NoteBlock[] {
  const saved = bodyBlocks(body);
  if (saved?.length) return sanitizeBlocks(saved as NoteBlock[]);
  const html = bodyHtml(body);
  if (html) {
    const parsed = editor.tryParseHTMLToBlocks(sanitizeNoteHtml(html));
    if (parsed.length) return sanitizeBlocks(parsed);
  }
  return [{ type: 'paragraph' } as unknown as NoteBlock];
}

/**
 * Show a stored body in `editor` (replacing its document; blocks as `blocksForBody` chooses).
 * BlockNote reports that change to `onChange` listeners synchronously; while it runs
 * `isShowingBody(editor)` is true, so listeners can tell a load from an edit.
 * Returns false, leaving the editor as it was, when checking the body needs DOMPurify (a link, or
 * a legacy HTML-only body) and it has not loaded yet (it is not part of the first load):
 * call again after `loadPurifier()`. A note without links shows at once.
 */
export function showBody(editor: NoteEditor, body: NoteBody | undefined): boolean {
  let blocks: NoteBlock[];
  try {
    blocks = blocksForBody(editor, body);
  } catch (error) {
    if (error instanceof PurifierNotLoadedError) return false;
    throw error;
  }
  blockHtmlCacheOf(editor).primed = false;
  loading.add(editor);
  try {
    editor.replaceBlocks(editor.document, blocks);
  } finally {
    loading.delete(editor);
  }
  return true;
}

/**
 * Run `change`, a change of `editor`'s document that shows stored text (another device's change), as
 * `showBody` does: listeners see it as a load, not an edit. Returns what `change` returns.
 */
export function showingStored<T>(editor: NoteEditor, change: () => T): T {
  loading.add(editor);
  try {
    return change();
  } finally {
    loading.delete(editor);
  }
}

/** True while `showBody` is replacing the document of `editor` (a load, not an edit). */
export function isShowingBody(editor: NoteEditor): boolean {
  return loading.has(editor);
}

/**
 * Capture the editor document and its HTML (`note_{id}` format: exactly what BlockNote's
 * `blocksToFullHTML` gives for the whole document; joined when first read). Only blocks that changed since the last
 * capture (or idle prime) are serialized, so a save of a long note after a keystroke costs what
 * the changed blocks cost, not what the whole note does (docs/architecture.md "Editor").
 *
 * The blocks are BlockNote's own block objects, not copies: BlockNote caches one object per
 * unchanged ProseMirror node and hands the same object to every `editor.document` call, so it
 * never mutates them (an edit makes new ones), and nothing in NotePad may either. Copying them
 * would cost time at every save and double the note's memory.
 * An editor holding only empty paragraphs saves as "" so a new note stays empty in storage.
 */
export function captureBody(editor: NoteEditor): CapturedBody {
  const blocks = editor.document;
  const cache = blockHtmlCacheOf(editor);
  let html: string | undefined;
  return {
    // Joined when read: a save as a change carries the changed blocks' HTML alone, not the note's.
    get html() {
      html ??= isEmptyDocument(blocks) ? '' : cache.html(blocks);
      return html;
    },
    blocks,
    blockHtml: (block) => cache.blockHtml(block),
  };
}
