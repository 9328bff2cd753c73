import type { ReactNode } from 'react';
import type { NoteEditor } from '../editor/schema';

/** What the editor toolbar needs from the AI helpers (SPEC.md §2 "Side panels", §4 "Recap", §5). */
export interface AiHelpers {
  /** Summarize the selection or the whole note and open the Note Recap panel. */
  summarize(): void;
  /** Find resources for the note and open the AI-Suggested Resources panel. */
  findResources(): void;
  /** A request is under way (the buttons show a spinner). */
  busy: { summary: boolean; resources: boolean };
  /** The side panels to render beside the editor (null when none is open). */
  panels: ReactNode;
}

/**
 * The AI helpers for the note shown in `editor`. Contract only until the functions client and
 * recap machine land (issue 4): both actions are no-ops and no panel shows.
 */
export function useAiHelpers(_editor: NoteEditor, _noteId: string): AiHelpers {
  return { summarize: () => {}, findResources: () => {}, busy: { summary: false, resources: false }, panels: null };
}
