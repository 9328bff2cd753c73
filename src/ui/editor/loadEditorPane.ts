import type { EditorPane } from './EditorPane';

let pane: Promise<{ default: typeof EditorPane }> | null = null;

/**
 * The editor's chunk (BlockNote, its styles and the editor pane), requested once. Start-up asks for
 * it beside reading the log, so it downloads and compiles while IndexedDB works, and the first
 * screen's scripts do not wait for it (docs/architecture.md "Start-up order"); NotesApp renders it
 * once the notes may be edited.
 */
export function loadEditorPane(): Promise<{ default: typeof EditorPane }> {
  pane ??= import('./EditorPane').then((m) => ({ default: m.EditorPane }));
  return pane;
}
