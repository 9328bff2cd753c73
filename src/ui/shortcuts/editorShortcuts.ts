import { editorCommandShortcuts } from '../editor/commands';
import { OPEN_LINK_KEYS } from '../editor/noteLink/openLinkAtCaret';

/**
 * The editor's shortcuts, listed in the dialog: the toolbar commands' own (read from the command
 * list, so the dialog cannot drift from what the keys do), then BlockNote's. A module of its own so
 * the editor's commands load with the dialog or the editor, not with the first screen.
 */
export const EDITOR_SHORTCUTS: { label: string; keys: string }[] = [
  ...editorCommandShortcuts(),
  { label: 'Undo / Redo', keys: 'Ctrl+Z / Ctrl+Shift+Z' },
  { label: 'Block menu', keys: '/ at the start of a line' },
  { label: 'Link to a note', keys: '[[' },
  { label: 'Open the linked note at the caret', keys: OPEN_LINK_KEYS },
];
