import type { EventEnvelope } from './envelope';

/** Sort modes of SPEC.md §4 ("current" is the manual order). */
export type SortMode = 'current' | 'date' | 'alpha' | 'starred';
export const SORT_MODES: readonly SortMode[] = ['current', 'date', 'alpha', 'starred'];

/** Sidebar presentation (SPEC.md §2): full width, narrow strip, or hidden. */
export type SidebarMode = 'expanded' | 'collapsed' | 'hidden';
export const SIDEBAR_MODES: readonly SidebarMode[] = ['expanded', 'collapsed', 'hidden'];

/**
 * Every event NotePad appends, by type, with its payload (SPEC.md §3-§4).
 * Note ids are the creation time in ms as a decimal string (SPEC.md §3).
 * `blocks` is the BlockNote document (JSON) for lossless reopening; `html` is what `note_{id}` holds.
 */
export interface EventPayloads {
  'note.created': { id: string; title: string };
  'note.imported': { id: string; title: string; modified: string; html: string; starred: boolean; source: string };
  'note.renamed': { id: string; title: string };
  'note.body-saved': { id: string; html: string; blocks?: unknown[] };
  'note.deleted': { id: string };
  'note.moved': { id: string; direction: 'up' | 'down' };
  'note.starred': { id: string };
  'note.unstarred': { id: string };
  'note.selected': { id: string | null };
  'ui.sort-changed': { sort: SortMode };
  'ui.search-changed': { query: string };
  'ui.sidebar-toggled': { mode: SidebarMode };
  'ui.analytics-toggled': { open: boolean };
}

export type EventType = keyof EventPayloads;

/** One member of the catalog union, e.g. `AppEvent<'note.created'>`. */
export type AppEvent<T extends EventType = EventType> = { [K in T]: EventEnvelope<K, EventPayloads[K]> }[T];

/** Events that describe one tab's view rather than the notes: other tabs do not apply them live. */
export const VIEW_EVENT_TYPES: ReadonlySet<EventType> = new Set([
  'note.selected',
  'ui.sort-changed',
  'ui.search-changed',
  'ui.sidebar-toggled',
  'ui.analytics-toggled',
]);
