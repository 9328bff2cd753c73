import type { EventLog } from '../events/eventLog';
import { announceConflictCopy } from './feedback';

/**
 * Say so when the fold keeps a conflict copy (docs/architecture.md "Conflicts"): once per copy,
 * for copies made after start-up (those already there were announced where they were made).
 * Returns a function that stops watching.
 */
export function watchConflictCopies(log: EventLog): () => void {
  let known = new Set(Object.keys(log.state.notes.revs));
  let revs = log.state.notes.revs;
  const sub = log.state$.subscribe(({ notes }) => {
    if (notes.revs === revs) return;
    revs = notes.revs;
    for (const [id, rev] of Object.entries(notes.revs)) {
      if (known.has(id)) continue;
      if (rev.copyOf && notes.meta[id]) announceConflictCopy(notes.meta[rev.copyOf]?.title ?? 'A note', notes.meta[id].title);
    }
    known = new Set(Object.keys(notes.revs));
  });
  return () => sub.unsubscribe();
}
