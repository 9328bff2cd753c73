import { useMemo, useState } from 'react';
import { format } from 'date-fns';
import { useLog, useProjection } from '../LogContext';
import { useSyncRecord } from '../account/useSyncRecord';
import { hasExpired, openShares } from '../../projections/sharedLinks';
import { httpShareApi } from '../../services/share/shareApi';
import { stopLink } from '../../services/share/shareLinks';
import { explainShareError } from './shareErrors';
import { expiryText } from './ShareDialog';
import './shareDialog.css';

/**
 * Every link of the account (docs/product.md "Share a note"), newest first: its note, when it was
 * made, when it expires (or expired), and *Stop sharing*. Shown in the account dialog.
 */
export function SharedNotesList({ onBack }: { onBack(): void }) {
  const log = useLog();
  const record = useSyncRecord();
  const shares = useProjection((s) => s.notes.shares);
  const meta = useProjection((s) => s.notes.meta);
  const links = useMemo(() => openShares({ shares }), [shares]);
  const api = useMemo(() => httpShareApi(), []);
  const [error, setError] = useState<string | null>(null);
  const now = Date.now();
  const stop = async (id: string) => {
    if (!record) return;
    setError(null);
    try {
      await stopLink({ log, api, deviceId: record.deviceId, origin: location.origin, now: () => new Date() }, id);
    } catch (caught) {
      setError(explainShareError(caught));
    }
  };
  return (
    <div className="account-form">
      {links.length === 0 ? (
        <p>No note is shared. Share one with Share in its header.</p>
      ) : (
        <ul className="shared-notes" aria-label="Shared notes">
          {links.map(({ id, share }) => (
            <li key={id}>
              <div className="shared-note-facts">
                <strong>{meta[share.note]?.title ?? 'Untitled Note'}</strong>
                <span>
                  Shared {format(new Date(share.createdAt), 'PP p')} ·{' '}
                  {hasExpired(share, now) ? `Expired ${format(new Date(share.expiresAt!), 'PP p')}` : expiryText(share.expiresAt)}
                  {share.kdf ? ' · password' : ''}
                </span>
              </div>
              <button type="button" className="danger-button" onClick={() => void stop(id)}>
                Stop sharing
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="account-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="primary" onClick={onBack}>
          Back
        </button>
      </div>
    </div>
  );
}
