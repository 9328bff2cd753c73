import { createExtension } from '@blocknote/core';
import { NOTE_LINK_TYPE } from '../../../projections/noteLinks/noteLinkShape';

/** The shortcut that opens the link at the caret, as the Keyboard shortcuts dialog shows it. */
export const OPEN_LINK_KEYS = 'Ctrl+Enter';

/**
 * BlockNote extension: Ctrl+Enter (Cmd+Enter) with the caret right before or after a link to a note
 * opens it exactly as a click does (docs/product.md "Links between notes"), so links work from the
 * keyboard. Anywhere else the key does what it did (BlockNote leaves a code block with it).
 */
export const openLinkAtCaret = createExtension({
  key: 'notepadOpenLinkAtCaret',
  keyboardShortcuts: {
    'Mod-Enter': ({ editor }) => {
      const { selection } = editor.prosemirrorState;
      if (!selection.empty) return false;
      const { $from } = selection;
      const after = $from.nodeAfter?.type.name === NOTE_LINK_TYPE;
      const node = after ? $from.nodeAfter : $from.nodeBefore;
      if (node?.type.name !== NOTE_LINK_TYPE) return false;
      const element = editor.prosemirrorView?.nodeDOM(after ? $from.pos : $from.pos - node.nodeSize);
      if (!(element instanceof HTMLElement)) return false;
      element.click();
      return true;
    },
  },
});
