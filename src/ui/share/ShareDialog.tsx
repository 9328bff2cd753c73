import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { format } from 'date-fns';
import { useModalDialog } from '../dialog/useModalDialog';
import { useLog, useProjection } from '../LogContext';
import { liveShareOf, type OpenShare } from '../../projections/sharedLinks';
import { browserClipboard } from '../../services/clipboard';
import { browserLinkOpener } from '../../services/links';
import { httpShareApi } from '../../services/share/shareApi';
import { changeLink, createLink, linkUrl, stopLink, type LinkDeps } from '../../services/share/shareLinks';
import { explainShareError } from './shareErrors';
import { MIN_SHARE_PASSWORD_LENGTH, ShareOptions, type OptionsDraft } from './ShareOptions';
import { useSyncRecord } from '../account/useSyncRecord';
import './shareDialog.css';

/** "Expires Dec 4, 2026, 10:00 AM" or "Never expires" (`lower`: "expires …", "never expires"). */
export function expiryText(expiresAt: string | null, lower = false): string {
  const text = expiresAt ? `Expires ${format(new Date(expiresAt), 'PP p')}` : 'Never expires';
  return lower ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

const NEW_LINK: OptionsDraft = { expiry: 'never', follows: true, usePassword: false, password: '' };

/** The draft of a live link's options: as they are. */
const draftOf = (share: OpenShare): OptionsDraft => ({
  expiry: 'keep',
  follows: share.follows,
  usePassword: share.kdf !== null,
  password: '',
});

/**
 * The share dialog of a note (docs/product.md "Share a note"): signed out, why sharing needs an
 * account and *Sign in*; else *Create link* with its options, or the live link with *Copy*,
 * *Open*, *Stop sharing* and its options to change. A native modal dialog.
 */
export function ShareDialog({ noteId, onClose, onSignIn }: { noteId: string; onClose(): void; onSignIn(): void }) {
  const log = useLog();
  const ref = useRef<HTMLDialogElement>(null);
  useModalDialog(ref);
  const record = useSyncRecord();
  const title = useProjection((s) => s.notes.meta[noteId]?.title ?? '');
  // The clock of "live": read when the dialog opens and after each action.
  const [now, setNow] = useState(Date.now);
  const linkId = useProjection((s) => liveShareOf(s.notes, noteId, now)?.id ?? null);
  const share = useProjection((s) => (linkId ? (s.notes.shares[linkId] as OpenShare | undefined) : undefined));
  const [draft, setDraft] = useState<OptionsDraft>(NEW_LINK);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const api = useMemo(() => httpShareApi(), []);
  useEffect(() => setDraft(share ? draftOf(share) : NEW_LINK), [share]);

  const deps = (): LinkDeps | null =>
    record ? { log, api, deviceId: record.deviceId, origin: location.origin, now: () => new Date() } : null;
  const url = share && linkId ? linkUrl({ origin: location.origin }, linkId, share) : '';
  const passwordProblem =
    draft.usePassword && (!share || share.kdf === null || draft.password !== '') && draft.password.length < MIN_SHARE_PASSWORD_LENGTH
      ? `Use a password of at least ${MIN_SHARE_PASSWORD_LENGTH} characters.`
      : null;

  /** Run `action`, saying `done` after it, or what went wrong. */
  const act = async (action: (d: LinkDeps) => Promise<string | null>) => {
    const d = deps();
    if (!d) return;
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      setNotice(await action(d));
    } catch (caught) {
      setError(explainShareError(caught));
    } finally {
      setNow(Date.now());
      setBusy(false);
    }
  };
  const copy = async (text: string) => {
    try {
      await browserClipboard.writeText(text);
      return true;
    } catch {
      return false;
    }
  };
  const create = () =>
    act(async (d) => {
      const made = await createLink(d, noteId, {
        expiry: draft.expiry === 'keep' ? 'never' : draft.expiry,
        password: draft.usePassword ? draft.password : null,
        follows: draft.follows,
      });
      return (await copy(made)) ? 'Link created and copied.' : 'Link created: copy it below.';
    });
  const save = () =>
    act(async (d) => {
      if (!linkId || !share) return null;
      const password = !draft.usePassword ? (share.kdf ? null : undefined) : draft.password ? draft.password : undefined;
      await changeLink(d, linkId, { expiry: draft.expiry === 'keep' ? undefined : draft.expiry, password, follows: draft.follows });
      return 'Link updated.';
    });
  const stop = () =>
    act(async (d) => {
      if (linkId) await stopLink(d, linkId);
      return 'Sharing stopped: the link shows nothing any more.';
    });
  const changed =
    !!share &&
    (draft.expiry !== 'keep' || draft.follows !== share.follows || draft.usePassword !== (share.kdf !== null) || draft.password !== '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (passwordProblem) return setError(passwordProblem);
    void (share ? save() : create());
  };

  let body;
  if (!record)
    body = (
      <div className="share-form">
        <p>
          Sharing needs an account. The link’s page is served by NotePad’s sync server, which keeps only an encrypted copy of the note: the
          key is in the link itself.
        </p>
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="primary" onClick={onSignIn}>
            Sign in
          </button>
        </div>
      </div>
    );
  else
    body = (
      <form className="share-form" onSubmit={submit} noValidate>
        {share ? (
          <>
            <p>
              Anyone with this link can read the note.{' '}
              {share.follows ? 'It follows the note’s edits.' : 'It shows the note as it was shared.'} {expiryText(share.expiresAt)}.
              {share.kdf ? ' It needs its password.' : ''}
            </p>
            <label className="share-option-row">
              Link
              <input className="share-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
            </label>
            <div className="dialog-actions share-link-actions">
              <button
                type="button"
                onClick={() => void copy(url).then((ok) => setNotice(ok ? 'Link copied.' : 'The browser refused to copy.'))}
              >
                Copy
              </button>
              <button type="button" onClick={() => browserLinkOpener.openInNewTab(url)}>
                Open
              </button>
              <button type="button" className="danger-button" disabled={busy} onClick={() => void stop()}>
                Stop sharing
              </button>
            </div>
          </>
        ) : (
          <p>
            Anyone with the link can read this note, without an account. NotePad’s sync server keeps only an encrypted copy: the key is in
            the link, after the #, and never reaches the server.
          </p>
        )}
        <ShareOptions
          draft={draft}
          onChange={setDraft}
          existing={share ? { expiresText: expiryText(share.expiresAt, true), hasPassword: share.kdf !== null } : undefined}
        />
        {error && (
          <p className="account-error" role="alert">
            {error}
          </p>
        )}
        <p className="share-notice" role="status">
          {notice}
        </p>
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Close
          </button>
          {share ? (
            <button type="submit" className="primary" disabled={busy || !changed}>
              Save options
            </button>
          ) : (
            <button type="submit" className="primary" disabled={busy}>
              {busy ? 'Creating…' : 'Create link'}
            </button>
          )}
        </div>
      </form>
    );
  return (
    <dialog ref={ref} className="dialog share-dialog" aria-labelledby="share-title" onCancel={onClose} onClose={onClose}>
      <h2 id="share-title">Share “{title}”</h2>
      {body}
    </dialog>
  );
}
