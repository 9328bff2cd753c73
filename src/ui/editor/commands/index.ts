import { FORMAT_COMMANDS } from './formatCommands';
import { INSERT_COMMANDS } from './insertCommands';
import { NOTE_COMMANDS } from './noteCommands';
import type { EditorCommand } from './types';

export type { CommandContext, CommandState, EditorCommand, EditorServices } from './types';

/**
 * Every editor command, by name.
 * @internal Test seam: used here; the tests read this constant.
 */
export const EDITOR_COMMANDS: readonly EditorCommand[] = [...FORMAT_COMMANDS, ...INSERT_COMMANDS, ...NOTE_COMMANDS];

const byName = new Map(EDITOR_COMMANDS.map((c) => [c.name, c]));

/** The command called `name`. @throws when there is none (a typo in a toolbar list). */
export function command(name: string): EditorCommand {
  const found = byName.get(name);
  if (!found) throw new Error(`No editor command "${name}"`);
  return found;
}

/**
 * The toolbar (docs/product.md "Toolbar"), in the order that section lists, in groups shown with separators:
 * formatting, lists, inserts, note actions, helpers.
 */
export const TOOLBAR_GROUPS: readonly (readonly string[])[] = [
  ['bold', 'italic', 'underline', 'font-size', 'text-colour'],
  ['bullet-list', 'numbered-list', 'checklist'],
  ['insert-image', 'create-link', 'insert-table', 'insert-date'],
  ['save', 'copy', 'download', 'star'],
  ['record', 'summarize', 'find-resources', 'follow-up', 'create-task'],
];

/** The header's actions (docs/product.md "Header"), left to right. */
export const HEADER_COMMANDS: readonly string[] = [
  'export',
  'star',
  'new-tab',
  'copy',
  'download',
  'email',
  'calendar',
  'create-task',
  'save',
];

/** The commands with a keyboard shortcut, as the shortcuts dialog lists them. */
export function editorCommandShortcuts(): { label: string; keys: string }[] {
  return EDITOR_COMMANDS.filter((c) => c.keys).map((c) => ({ label: c.label, keys: c.keys! }));
}

/** The command whose shortcut `event` is, if any. */
export function commandForKey(event: KeyboardEvent): EditorCommand | undefined {
  return EDITOR_COMMANDS.find((c) => c.matches?.(event));
}
