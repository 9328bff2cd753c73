import type { AppEvent } from '../events/catalog';

/** One saved state of a note (issue 6 "Note history"): its title and body after the event at `seq`. */
export interface Revision {
  seq: number;
  at: string;
  kind: 'created' | 'imported' | 'renamed' | 'saved' | 'restored';
  title: string;
  html: string;
  blocks?: unknown[];
}

/**
 * The revisions of one note, newest first, from that note's events in seq order (other notes'
 * events are ignored). Each revision carries the full title and body as they were after it. Pure.
 */
export function noteRevisions(noteId: string, events: readonly AppEvent[]): Revision[] {
  const revisions: Revision[] = [];
  let title = '';
  let html = '';
  let blocks: unknown[] | undefined;
  for (const e of events) {
    const p = e.payload as { id?: string };
    if (p.id !== noteId) continue;
    let kind: Revision['kind'] | null = null;
    if (e.type === 'note.created') [kind, title, html, blocks] = ['created', e.payload.title, '', undefined];
    else if (e.type === 'note.imported') [kind, title, html, blocks] = ['imported', e.payload.title, e.payload.html, undefined];
    else if (e.type === 'note.renamed') [kind, title] = ['renamed', e.payload.title];
    else if (e.type === 'note.body-saved') [kind, html, blocks] = ['saved', e.payload.html, e.payload.blocks];
    else if (e.type === 'note.revision-restored')
      [kind, html, blocks, title] = ['restored', e.payload.html, e.payload.blocks, e.payload.title ?? title];
    if (kind) revisions.push({ seq: e.seq, at: e.at, kind, title, html, ...(blocks ? { blocks } : {}) });
  }
  return revisions.reverse();
}
