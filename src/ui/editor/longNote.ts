import { createExtension } from '@blocknote/core';
import { Plugin, PluginKey, type EditorState } from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';

/**
 * From this many top-level blocks on, a note is "long": the editor root gets `data-long-note`
 * (app.css then lets off-screen blocks skip rendering) and stops asking Chromium to spell-check
 * the whole note; only the blocks around the caret keep spell checking.
 * @internal Test seam: used here; the tests read this constant.
 */
export const LONG_NOTE_BLOCKS = 300;
/**
 * Top-level blocks before and after the caret's block that keep spell checking in a long note.
 * Each is a node decoration that ProseMirror checks against every block on every keystroke
 * (their cost grows with the window: docs/benchmarks.md), so the window stays small.
 * @internal Test seam: used here; the tests read this constant.
 */
export const SPELLCHECK_AROUND_BLOCKS = 5;

/*
 * Why, spelling: Chromium checks spelling two ways. While you type it checks the words around the
 * caret (cheap). When typing pauses it checks the whole focused editable root in idle callbacks
 * (ColdModeSpellCheckRequester::RequestFullChecking), and one chunk of that check walks the text
 * from the start, so in a long note it freezes the page for seconds after every pause (traced in
 * the bench, bare BlockNote included: docs/benchmarks.md). That whole-root check only runs when the root
 * itself has spelling enabled, so a long note's root says spellcheck="false" and the blocks near
 * the caret say "true": what you write is still checked, the whole note is never walked at once.
 *
 * Why, rendering: `content-visibility: auto` on every block lets a 5,000-block note skip layout,
 * paint, selection and text-input work for blocks off screen, but Blink then runs an intersection
 * pass over every block each frame; in a short note that pass is pure cost, so only long notes
 * get it.
 */

interface SpellState {
  /** Index of the caret's top-level block, or -1 when the note is not long. */
  center: number;
  decorations: DecorationSet;
}

const key = new PluginKey<SpellState>('notepadLongNote');

/** The top-level block group (doc > blockGroup > blockContainer*). */
const group = (state: EditorState) => state.doc.firstChild;

function isLong(state: EditorState): boolean {
  return (group(state)?.childCount ?? 0) >= LONG_NOTE_BLOCKS;
}

/** Index of the top-level block holding the selection head. */
function centerOf(state: EditorState): number {
  const $head = state.selection.$head;
  return $head.depth >= 1 ? $head.index(1) : 0;
}

/** spellcheck="true" on the top-level blocks around `center`, positions found by walking from the caret's block. */
function decorate(state: EditorState, center: number): DecorationSet {
  const blocks = group(state)!;
  const $head = state.selection.$head;
  let pos: number;
  if ($head.depth >= 2) pos = $head.before(2);
  else {
    pos = 1; // the selection is not inside a block (e.g. all selected): walk from the group's start
    for (let i = 0; i < center; i++) pos += blocks.child(i).nodeSize;
  }
  const first = Math.max(0, center - SPELLCHECK_AROUND_BLOCKS);
  const last = Math.min(blocks.childCount - 1, center + SPELLCHECK_AROUND_BLOCKS);
  for (let i = center - 1; i >= first; i--) pos -= blocks.child(i).nodeSize;
  const decorations: Decoration[] = [];
  for (let i = first; i <= last; i++) {
    const size = blocks.child(i).nodeSize;
    decorations.push(Decoration.node(pos, pos + size, { spellcheck: 'true' }));
    pos += size;
  }
  return DecorationSet.create(state.doc, decorations);
}

function compute(state: EditorState): SpellState {
  if (!isLong(state)) return { center: -1, decorations: DecorationSet.empty };
  const center = centerOf(state);
  return { center, decorations: decorate(state, center) };
}

/**
 * BlockNote extension for long notes: `data-long-note` on the root (rendering containment in
 * app.css) and spell checking near the caret without the browser's whole-note check. Decorations
 * are rebuilt only when the caret moves to another block or the note crosses LONG_NOTE_BLOCKS;
 * otherwise they are mapped through the change.
 */
export const longNote = createExtension({
  key: 'notepadLongNote',
  prosemirrorPlugins: [
    new Plugin<SpellState>({
      key,
      state: {
        init: (_, state) => compute(state),
        apply(tr, previous, _old, state) {
          if (!tr.docChanged && !tr.selectionSet) return previous;
          const long = isLong(state);
          if (!long) return previous.center === -1 ? previous : { center: -1, decorations: DecorationSet.empty };
          const center = centerOf(state);
          if (center === previous.center && previous.center !== -1)
            return { center, decorations: previous.decorations.map(tr.mapping, tr.doc) };
          return { center, decorations: decorate(state, center) };
        },
      },
      props: {
        attributes: (state): Record<string, string> =>
          key.getState(state)!.center >= 0 ? { spellcheck: 'false', 'data-long-note': 'true' } : {},
        decorations: (state) => key.getState(state)!.decorations,
      },
    }),
  ],
});
