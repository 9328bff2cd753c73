import { useEffect, useRef, useState } from 'react';
import DOMPurify from 'dompurify';
import { format } from 'date-fns';
import { isRevision, noteRevisions, type Revision } from '../../projections/history';
import { foldingChanges } from '../../projections/changes/chainEngine';
import { useLog } from '../LogContext';
import { showStatus } from '../feedback';
import { useModalDialog } from '../dialog/useModalDialog';
import './history.css';

const KIND_LABELS: Record<Revision['kind'], string> = {
  created: 'Created',
  imported: 'Imported',
  renamed: 'Renamed',
  saved: 'Saved',
  restored: 'Restored',
  filed: 'Moved',
  tagged: 'Tagged',
  untagged: 'Untagged',
  copied: 'Saved to a conflict copy',
  shared: 'Shared by link',
  'share-changed': 'Link changed',
  'share-stopped': 'Stopped sharing',
};

/** What an organisation step says after its label: "to Work / Projects", "out of its notebook", "“travel”". */
function detailText(revision: Revision): string {
  if (revision.detail === undefined) return '';
  if (revision.kind === 'filed') return revision.detail === '' ? ' out of its notebook' : ` to ${revision.detail}`;
  return ` “${revision.detail}”`;
}

/** A link's options in words, after its entry's label (docs/product.md "History"). */
function linkText(link: NonNullable<Revision['link']>): string {
  const expiry = link.expiresAt ? `expires ${format(new Date(link.expiresAt), 'PP p')}` : 'never expires';
  return [link.follows ? 'follows edits' : 'stays as shared', expiry, ...(link.password ? ['password'] : [])].join(', ');
}

/**
 * A note's history: its saved revisions with times; one selected is previewed read-only;
 * "Restore" appends note.revision-restored, so history is never rewritten. A native modal <dialog>.
 */
export function HistoryDialog({ noteId, onClose }: { noteId: string; onClose(): void }) {
  const log = useLog();
  const ref = useRef<HTMLDialogElement>(null);
  const [revisions, setRevisions] = useState<Revision[] | null>(null);
  const [chosen, setChosen] = useState<Revision | null>(null);
  useModalDialog(ref);
  /** Which device made a revision: its name, or "this device" (docs/product.md "History"). */
  const deviceLabel = (device: string) =>
    device === log.account$.value?.deviceId ? 'on this device' : `on ${log.state.notes.devices[device] ?? 'another device'}`;

  useEffect(() => {
    let live = true;
    // Folded from the note's own events: a note whose document start-up left unread needs no read (docs/architecture.md "Snapshots").
    void log.noteEvents(noteId).then(async (events) => {
      // Changes two devices made at once are merged with Yjs, loaded on demand.
      const list = await foldingChanges(() => noteRevisions(noteId, events, log.state.notes));
      if (live) {
        setRevisions(list);
        setChosen(list[0] ?? null);
      }
    });
    return () => {
      live = false;
    };
  }, [log, noteId]);

  // The newest revision of the text is the current one (a link's entry may be newer).
  const current = revisions?.find(isRevision);
  const restore = async (revision: Revision) => {
    await log.append('note.revision-restored', {
      id: noteId,
      fromSeq: revision.seq,
      html: revision.html,
      title: revision.title,
      ...(revision.blocks ? { blocks: revision.blocks } : {}),
      // A restore replaces the current text on purpose: it starts from the current revision.
      base: log.state.notes.revs[noteId]?.id,
    });
    showStatus('Revision restored');
    onClose();
  };

  return (
    <dialog ref={ref} className="dialog history-dialog" aria-labelledby="history-title" onCancel={onClose}>
      <h2 id="history-title">History</h2>
      {revisions === null ? (
        <p className="muted">Loading…</p>
      ) : (
        <div className="history-body">
          <ol className="history-list" aria-label="Revisions">
            {revisions.map((r) => (
              <li key={r.seq}>
                <button type="button" aria-pressed={chosen?.seq === r.seq} onClick={() => setChosen(r)}>
                  <span>
                    {KIND_LABELS[r.kind]}
                    {r.from ? ` from ${r.from}` : ''}
                    {detailText(r)}
                    {r.link ? ` (${linkText(r.link)})` : ''}
                    {r.copy ? (r.kind === 'copied' ? ` “${r.copy}”` : `, part kept in the conflict copy “${r.copy}”`) : ''}
                    {r === current ? ' (current)' : ''}
                  </span>
                  <time dateTime={r.at}>{format(new Date(r.at), 'PP p')}</time>
                  {r.device && <span className="history-device">{deviceLabel(r.device)}</span>}
                </button>
              </li>
            ))}
          </ol>
          <section className="history-preview" aria-label="Revision preview">
            {chosen && (
              <>
                <h3>{chosen.title}</h3>
                {/* Read-only and sanitized: old revisions may hold imported HTML. */}
                <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(chosen.html) || '<p><em>(empty)</em></p>' }} />
              </>
            )}
          </section>
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
        <button
          type="button"
          className="primary"
          disabled={!chosen || !isRevision(chosen) || chosen === current}
          onClick={() => chosen && void restore(chosen)}
        >
          Restore
        </button>
      </div>
    </dialog>
  );
}
