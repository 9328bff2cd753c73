import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useModalDialog } from '../dialog/useModalDialog';
import { useLog } from '../LogContext';
import { toast } from '../feedback';
import { AccountError, MIN_PASSWORD_LENGTH } from '../../services/sync/account';
import type { SyncStatus } from '../../services/sync/engine';
import { beginSync, endSync } from '../../services/sync/session';
import { SyncError } from '../../services/sync/transport';
import { controlSync } from './syncControl';
import { syncStatusText } from './syncStatusText';

/** What went wrong, in the dialog's words; nothing on this device changes on any error. */
function explain(error: unknown): string {
  if (error instanceof AccountError) return error.message;
  if (error instanceof SyncError) {
    return error.failure === 'offline'
      ? 'No connection to the sync server. Your notes stay on this device; try again when you are online.'
      : `The sync server refused: ${error.message}`;
  }
  return `Something went wrong: ${error instanceof Error ? error.message : String(error)}`;
}

/** One account action at a time: `busy` while it runs, its failure in words (nothing changed then). */
function useAccountAction(): { busy: boolean; error: string | null; run(action: () => Promise<void>): Promise<void> } {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(explain(caught));
      setBusy(false);
    }
  };
  return { busy, error, run };
}

/** The dialog's error line, announced at once. */
function AccountErrorLine({ error }: { error: string | null }) {
  return error ? (
    <p className="account-error" role="alert">
      {error}
    </p>
  ) : null;
}

/** Sign in or create an account; on success this device starts syncing. */
function SignInForm({ onDone, onCancel }: { onDone(): void; onCancel(): void }) {
  const log = useLog();
  const [email, setEmail] = useState(log.sync$.value?.email ?? '');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAccountAction();

  const submit = (mode: 'sign-in' | 'sign-up') =>
    run(async () => {
      const { deps } = controlSync(log);
      const account =
        mode === 'sign-in' ? await deps.accounts.signIn(email.trim(), password) : await deps.accounts.signUp(email.trim(), password);
      await beginSync(deps, account);
      controlSync(log).syncNow();
      toast.success(mode === 'sign-in' ? 'Signed in' : 'Account created', { description: `Your notes now sync with ${account.email}.` });
      onDone();
    });

  return (
    <form
      className="account-form"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void submit('sign-in');
      }}
    >
      <p>Sign in to keep your notes in step on all your devices. Without an account NotePad keeps working on this device only.</p>
      <label>
        E-mail
        <input type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label>
        Password
        <input
          type="password"
          autoComplete="current-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <AccountErrorLine error={error} />
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" disabled={busy} onClick={(e) => e.currentTarget.form?.reportValidity() && void submit('sign-up')}>
          Create account
        </button>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </div>
    </form>
  );
}

/** Sign out: keep this device's copy of the notes or remove it, on this device or every device. */
function SignOutForm({ pending, onDone, onCancel }: { pending: number; onDone(): void; onCancel(): void }) {
  const log = useLog();
  const [keepNotes, setKeepNotes] = useState(true);
  const [everywhere, setEverywhere] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    try {
      await endSync(controlSync(log).deps, { keepNotes, everywhere });
      toast.success('Signed out', {
        description: keepNotes ? 'Your notes stay on this device.' : 'This device’s copy of your notes was removed.',
      });
      onDone();
    } catch (caught) {
      setError(explain(caught));
      setBusy(false);
    }
  };
  return (
    <form
      className="account-form"
      onSubmit={(e) => {
        e.preventDefault();
        void signOut();
      }}
    >
      <fieldset className="sign-out-choices">
        <legend>Keep a copy of your notes on this device?</legend>
        <label className="account-choice">
          <input type="radio" name="copy" checked={keepNotes} onChange={() => setKeepNotes(true)} /> Keep my notes on this device
        </label>
        <label className="account-choice">
          <input type="radio" name="copy" checked={!keepNotes} onChange={() => setKeepNotes(false)} /> Remove them from this device
        </label>
      </fieldset>
      {!keepNotes && pending > 0 && (
        <p className="account-error" role="alert">
          {pending} change{pending === 1 ? ' has' : 's have'} not reached the sync server yet: removing this copy loses{' '}
          {pending === 1 ? 'it' : 'them'}.
        </p>
      )}
      <label className="account-choice">
        <input type="checkbox" checked={everywhere} onChange={(e) => setEverywhere(e.target.checked)} /> Sign out on all my devices
      </label>
      <AccountErrorLine error={error} />
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={keepNotes ? 'primary' : 'danger-button'} disabled={busy}>
          Sign out
        </button>
      </div>
    </form>
  );
}

/**
 * The account dialog (docs/product.md "Account and sync"): sign in or create an account; once
 * signed in, the account, the sync status, "Sync now" and sign-out. A native modal dialog.
 */
export function AccountDialog({ onClose }: { onClose(): void }) {
  const log = useLog();
  const ref = useRef<HTMLDialogElement>(null);
  useModalDialog(ref);
  const record = log.sync$.value;
  const [status, setStatus] = useState<SyncStatus | null>(null);
  const [step, setStep] = useState<'account' | 'sign-out'>('account');
  useEffect(() => {
    const sub = controlSync(log).status$.subscribe(setStatus);
    return () => sub.unsubscribe();
  }, [log]);
  const expired = status?.state === 'signed-out';
  return (
    <dialog ref={ref} className="dialog account-dialog" aria-labelledby="account-title" onCancel={onClose} onClose={onClose}>
      <h2 id="account-title">{!record || expired ? 'Sync your notes' : step === 'sign-out' ? 'Sign out' : 'Account'}</h2>
      {!record || expired ? (
        <SignInForm onDone={onClose} onCancel={onClose} />
      ) : step === 'sign-out' ? (
        <SignOutForm pending={status?.pending ?? log.outbox().length} onDone={onClose} onCancel={() => setStep('account')} />
      ) : (
        <div className="account-form">
          <p>
            Signed in as <strong>{record.email}</strong> on {record.deviceName}.
          </p>
          <p role="status">{syncStatusText(status)}</p>
          <div className="dialog-actions">
            <button type="button" onClick={() => setStep('sign-out')}>
              Sign out…
            </button>
            <button type="button" onClick={() => controlSync(log).syncNow()}>
              Sync now
            </button>
            <button type="button" className="primary" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
