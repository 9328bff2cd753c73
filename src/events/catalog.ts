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
  /** Colour theme preference (issue 9); applies to every tab. */
  'ui.theme-changed': { theme: ThemePreference };
  /** A toolbar or shortcut command ran on a note (SPEC.md §2 "Toolbar"); `detail` e.g. a colour or size. */
  'editor.command': { id: string; command: string; detail?: string };
  'note.exported': { id: string; format: ExportFormat };
  'note.copied': { id: string };
  'note.downloaded': { id: string };
  'note.emailed': { id: string };
  'note.calendar-opened': { id: string };
  'task.created': { id: string; task: string };
  'recording.started': { id: string };
  'recording.stopped': { id: string; reason: RecordingStopReason };
  'summary.requested': { id: string; format: RecapFormat; scope: 'selection' | 'note' };
  'summary.received': { id: string; format: RecapFormat; summary: string };
  'summary.failed': { id: string; format: RecapFormat; error: string };
  'recap.format-changed': { id: string; format: RecapFormat };
  'recap.inserted': { id: string };
  'resources.requested': { id: string };
  'resources.received': { id: string; count: number };
  'resources.failed': { id: string; error: string };
  /** The user closed an AI helper panel (Note Recap or AI-Suggested Resources). */
  'ai.panel-closed': { id: string; panel: AiPanelName };
  /** A past revision brought back (issue 6 history): folded like a body save, history is never rewritten. */
  'note.revision-restored': { id: string; fromSeq: number; html: string; blocks?: unknown[]; title?: string };
  /** An exported log was imported (issue 6). */
  'log.imported': { events: number; notes: number; mode: 'replace' | 'merge' };
}

export type ThemePreference = 'system' | 'light' | 'dark';
export const THEME_PREFERENCES: readonly ThemePreference[] = ['system', 'light', 'dark'];
export type ExportFormat = 'html' | 'markdown' | 'text' | 'pdf';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['html', 'markdown', 'text', 'pdf'];
export type AiPanelName = 'recap' | 'resources';
export const AI_PANEL_NAMES: readonly AiPanelName[] = ['recap', 'resources'];
export type RecapFormat = 'paragraph' | 'bullets';
export const RECAP_FORMATS: readonly RecapFormat[] = ['paragraph', 'bullets'];
/** Why recording stopped; `ended`: the browser ended the session by itself (silence, time limit). */
export type RecordingStopReason = 'user' | 'error' | 'note-switch' | 'ended';
export const RECORDING_STOP_REASONS: readonly RecordingStopReason[] = ['user', 'error', 'note-switch', 'ended'];

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
