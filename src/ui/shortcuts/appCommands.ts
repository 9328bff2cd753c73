import type { EventLog } from '../../events/eventLog';
import { sidebarRows } from '../../projections/sidebar';
import type { LiveLinkIndex } from '../sidebar/liveLinkIndex';
import type { LiveSearchIndex } from '../sidebar/liveSearchIndex';

/** What app commands act on. */
export interface CommandContext {
  log: EventLog;
  /** The log's search index: next and previous follow the sidebar's rows, search included. */
  search: Pick<LiveSearchIndex, 'bodySearch'>;
  /** The log's link index: the search's join of titles with links, as in the sidebar. */
  links: Pick<LiveLinkIndex, 'linkSearch'>;
  createNote(): void;
  focusSearch(): void;
  openShortcuts(): void;
}

/** An app-wide command (docs/architecture.md "Commands"): label, keys shown, key test, action. */
export interface AppCommand {
  id: string;
  label: string;
  /** How the shortcut is written in the dialog, e.g. "Ctrl+Alt+N". */
  keys: string;
  /** True when `event` is this command's shortcut. `inText` is true while typing in a field or the editor. */
  matches(event: KeyboardEvent, inText: boolean): boolean;
  run(ctx: CommandContext): void;
}

const ctrlAlt = (e: KeyboardEvent, code: string) => (e.ctrlKey || e.metaKey) && e.altKey && !e.shiftKey && e.code === code;

/** Select the note after (`step` 1) or before (`step` -1) the selected one, in the sidebar's order. */
function selectNeighbour({ log, search, links }: CommandContext, step: 1 | -1): void {
  const { notes, view } = log.state;
  const { ids } = sidebarRows(notes, view, search.bodySearch(notes), links.linkSearch(notes));
  if (ids.length === 0) return;
  const at = ids.indexOf(view.selectedId ?? '');
  const next = at < 0 ? (step === 1 ? 0 : ids.length - 1) : Math.min(ids.length - 1, Math.max(0, at + step));
  if (ids[next] !== view.selectedId) void log.append('note.selected', { id: ids[next] });
}

/** The app's keyboard commands. Browser-reserved keys (Ctrl+N, Ctrl+T, Alt+F) are avoided. */
export const APP_COMMANDS: AppCommand[] = [
  { id: 'new-note', label: 'New note', keys: 'Ctrl+Alt+N', matches: (e) => ctrlAlt(e, 'KeyN'), run: (c) => c.createNote() },
  {
    id: 'focus-search',
    label: 'Search notes',
    keys: '/ or Ctrl+Alt+F',
    matches: (e, inText) => ctrlAlt(e, 'KeyF') || (!inText && e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey),
    run: (c) => c.focusSearch(),
  },
  {
    id: 'next-note',
    label: 'Next note',
    keys: 'Ctrl+Alt+↓',
    matches: (e) => ctrlAlt(e, 'ArrowDown'),
    run: (c) => selectNeighbour(c, 1),
  },
  {
    id: 'previous-note',
    label: 'Previous note',
    keys: 'Ctrl+Alt+↑',
    matches: (e) => ctrlAlt(e, 'ArrowUp'),
    run: (c) => selectNeighbour(c, -1),
  },
  {
    id: 'toggle-sidebar',
    label: 'Show or hide the sidebar',
    keys: 'Ctrl+\\',
    matches: (e) => (e.ctrlKey || e.metaKey) && !e.altKey && e.code === 'Backslash',
    run: (c) => void c.log.append('ui.sidebar-toggled', { mode: c.log.state.view.sidebar === 'expanded' ? 'hidden' : 'expanded' }),
  },
  {
    id: 'toggle-analytics',
    label: 'Show or hide analytics',
    keys: 'Ctrl+Alt+A',
    matches: (e) => ctrlAlt(e, 'KeyA'),
    run: (c) => void c.log.append('ui.analytics-toggled', { open: !c.log.state.view.analyticsOpen }),
  },
  {
    id: 'move-to-notebook',
    label: 'Move the note to a notebook',
    keys: 'Ctrl+Alt+M',
    matches: (e) => ctrlAlt(e, 'KeyM'),
    // The note's notebook picker (docs/product.md "Notebooks and tags"): the keyboard's way to move a note, as dragging its row is the pointer's.
    run: () => document.querySelector<HTMLButtonElement>('[data-notebook-picker]')?.click(),
  },
  {
    id: 'tag-note',
    label: 'Add a tag to the note',
    keys: 'Ctrl+Alt+G',
    matches: (e) => ctrlAlt(e, 'KeyG'),
    run: () => document.querySelector<HTMLInputElement>('input[aria-label="Add a tag"]')?.focus(),
  },
  {
    id: 'shortcuts',
    label: 'Keyboard shortcuts',
    keys: '?',
    matches: (e, inText) => !inText && e.key === '?',
    run: (c) => c.openShortcuts(),
  },
];

/** True when the keyboard event comes from a text field or the editor (so plain keys are typing). */
export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}
