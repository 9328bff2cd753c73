import { createExtension } from '@blocknote/core';
import { Plugin, PluginKey, TextSelection } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';

/*
 * Why (docs/architecture.md "Editor"): BlockNote draws a trailing block after the note's last block as a
 * widget (`contenteditable=false`). Chromium's Ctrl+End puts the DOM caret after that widget, between
 * blocks, where no text can go; ProseMirror moves it back into the last block when it handles the
 * `selectionchange` event, a task later. A browser handles queued input before such a task, so on a busy
 * page the next key lands between blocks, and ProseMirror drops the text it cannot place: the first key
 * typed after Ctrl+End was lost. Before any key is handled, a caret between blocks is therefore taken into
 * the nearest place for text, as ProseMirror would have done a task later.
 */

const key = new PluginKey('notepadStrayCaret');

/** Whether DOM point `node` lies between blocks (in a block group itself) or in the trailing block's widget of `view`: no text goes there. */
function betweenBlocks(view: EditorView, node: Node | null): boolean {
  const element = node instanceof Element ? node : (node?.parentElement ?? null);
  if (!element || !view.dom.contains(element)) return false;
  return element.classList.contains('bn-block-group') || element.closest('.bn-trailing-block') !== null;
}

/**
 * If the DOM selection of `view` has an end between blocks while the editor's selection is a text
 * selection, make the editor's selection the text selection nearest to the DOM's and put the DOM caret
 * there.
 */
function takeStrayCaretIn(view: EditorView): void {
  const dom = view.dom.ownerDocument.getSelection();
  if (!dom?.focusNode || !dom.anchorNode || !(view.state.selection instanceof TextSelection)) return;
  if (!betweenBlocks(view, dom.focusNode) && !betweenBlocks(view, dom.anchorNode)) return;
  const { doc } = view.state;
  const anchor = doc.resolve(view.posAtDOM(dom.anchorNode, dom.anchorOffset, 1));
  const head = doc.resolve(view.posAtDOM(dom.focusNode, dom.focusOffset, 1));
  const selection = TextSelection.between(anchor, head, -1);
  if (!selection.eq(view.state.selection)) view.dispatch(view.state.tr.setSelection(selection).scrollIntoView());
  // ProseMirror leaves the DOM alone when the selection did not change; focus() writes it to the DOM.
  view.focus();
}

/** BlockNote extension: before a key is handled in the note, a DOM caret between blocks is taken into text (takeStrayCaretIn). */
export const strayCaret = createExtension({
  key: 'notepadStrayCaret',
  prosemirrorPlugins: [
    new Plugin({
      key,
      props: {
        handleDOMEvents: {
          keydown: (view) => {
            try {
              takeStrayCaretIn(view);
            } catch (error) {
              // The key is still handled as before; only the caret's move failed.
              console.error('NotePad: the caret between blocks could not be taken into text', error);
            }
            return false;
          },
        },
      },
    }),
  ],
});
