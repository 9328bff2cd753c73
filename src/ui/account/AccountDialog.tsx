import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useModalDialog } from '../dialog/useModalDialog';
import { useLog } from '../LogContext';
import { toast } from '../feedback';
import { MIN_PASSWORD_LENGTH, type SignedIn } from '../../services/sync/account';
import type { SyncStatus } from '../../services/sync/engine';
import { beginSync, endSync } from '../../services/sync/session';
import { AccountErrorLine, explain, useAccountAction } from './accountForm';
import { ChangePasswordForm, DeleteAccountForm, RecoverForm, RevealRecoveryKeyForm } from './PasswordForms';
import { RecoveryKeyView } from './RecoveryKeyView';
import type { SyncControl } from '../../services/sync/syncControl';
import { useSyncControl } from './useSyncControl';
import { syncStatusText } from './syncStatusText';
import { SharedNotesList } from '../share/SharedNotesList';

/** Begin syncing with a signed-in account; `mode` picks the words of the toast. */
async function startSyncing(sync: SyncControl, account: SignedIn, mode: 'sign-in' | 'sign-up' | 'recovered'): Promise<void> {
  await beginSync(sync.deps, account);
  sync.syncNow();
  if (mode === 'recovered') toast.success('Password changed', { description: `Your notes sync with ${account.email} again.` });
  else toast.success(mode === 'sign-in' ? 'Signed in' : 'Account created', { description: `Your notes now sync with ${account.email}.` });
}

/** Sign in or create an account; on success this device starts syncing and `onSignedIn` gets the account (with a recovery key to show, when one was made). */
function SignInForm({ onSignedIn, onForgot, onCancel }: { onSignedIn(account: SignedIn): void; onForgot(): void; onCancel(): void }) {
  const log = useLog();
  const sync = useSyncControl();
  const [email, setEmail] = useState(log.account$.value?.email ?? '');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAccountAction();

  const submit = (mode: 'sign-in' | 'sign-up') =>
    run(async () => {
      const { deps } = sync;
      const account =
        mode === 'sign-in' ? await deps.accounts.signIn(email.trim(), password) : await deps.accounts.signUp(email.trim(), password);
      // Create account with an existing account's e-mail and password signs in to it (no new recovery key).
      await startSyncing(sync, account, account.recoveryKey ? mode : 'sign-in');
      onSignedIn(account);
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
      <button type="button" className="link-button" onClick={onForgot}>
        Forgot password? Use your recovery key
      </button>
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
  const sync = useSyncControl();
  const [keepNotes, setKeepNotes] = useState(true);
  const [everywhere, setEverywhere] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    try {
      await endSync(sync.deps, { keepNotes, everywhere });
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

/** Where the dialog is: its forms, or a recovery key being shown. */
type Step =
  | 'account'
  | 'shared'
  | 'sign-out'
  | 'change-password'
  | 'reveal-key'
  | 'delete-account'
  | 'recover'
  | { recoveryKey: string; email: string; title: string; doneLabel: string; note?: string };

/** Said above the new recovery key a recovery makes (docs/product.md "Account and sync"). */
const NEW_KEY_NOTE = 'Your password is changed. The recovery key you used no longer works: this new one replaces it.';

/** The dialog's title for a step. */
function titleOf(step: Step, signedIn: boolean): string {
  if (typeof step === 'object') return step.title;
  if (step === 'recover') return 'Use your recovery key';
  if (!signedIn) return 'Sync your notes';
  return {
    account: 'Account',
    shared: 'Shared notes',
    'sign-out': 'Sign out',
    'change-password': 'Change password',
    'reveal-key': 'Recovery key',
    'delete-account': 'Delete account',
  }[step];
}

/**
 * The account dialog (docs/product.md "Account and sync"): sign in or create an account (then the
 * recovery key, once), recover with the recovery key; once signed in, the account, the sync
 * status, "Sync now", change password, show the recovery key again, the shared notes, and sign-out. A native modal dialog.
 */
export function AccountDialog({ onClose }: { onClose(): void }) {
  const log = useLog();
  const sync = useSyncControl();
  const ref = useRef<HTMLDialogElement>(null);
  useModalDialog(ref);
  const record = log.account$.value;
  const [status, setStatus] = useState<SyncStatus | null>(null);
  const [step, setStep] = useState<Step>('account');
  // Once the sign-in has expired, the dialog keeps its sign-in form until it closes: a sync cycle
  // meanwhile passes through "syncing" before it is refused again, and the account view shown in
  // between would take the form away with the password being typed.
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const sub = sync.status$.subscribe((next) => {
      setStatus(next);
      if (next?.state === 'signed-out') setExpired(true);
    });
    return () => sub.unsubscribe();
  }, [sync]);
  const signedIn = !!record && !expired;
  const showKey = (account: SignedIn) =>
    account.recoveryKey
      ? setStep({ recoveryKey: account.recoveryKey, email: account.email, title: 'Save your recovery key', doneLabel: 'I saved it' })
      : onClose();
  let body;
  if (typeof step === 'object') body = <RecoveryKeyView {...step} onDone={onClose} />;
  else if (step === 'recover')
    body = (
      <RecoverForm
        initialEmail={record?.email ?? ''}
        onRecovered={async (account) => {
          await startSyncing(sync, account, 'recovered');
          if (!account.recoveryKey) return onClose();
          setStep({
            recoveryKey: account.recoveryKey,
            email: account.email,
            title: 'Save your new recovery key',
            doneLabel: 'I saved it',
            note: NEW_KEY_NOTE,
          });
        }}
        onCancel={() => setStep('account')}
      />
    );
  else if (!signedIn) body = <SignInForm onSignedIn={showKey} onForgot={() => setStep('recover')} onCancel={onClose} />;
  else if (step === 'sign-out')
    body = <SignOutForm pending={status?.pending ?? log.serverSync.outbox().length} onDone={onClose} onCancel={() => setStep('account')} />;
  else if (step === 'shared') body = <SharedNotesList onBack={() => setStep('account')} />;
  else if (step === 'change-password')
    body = <ChangePasswordForm email={record.email} onDone={onClose} onCancel={() => setStep('account')} />;
  else if (step === 'delete-account')
    body = <DeleteAccountForm email={record.email} onDone={onClose} onCancel={() => setStep('account')} />;
  else if (step === 'reveal-key')
    body = (
      <RevealRecoveryKeyForm
        onRevealed={(recoveryKey) => setStep({ recoveryKey, email: record.email, title: 'Recovery key', doneLabel: 'Done' })}
        onCancel={() => setStep('account')}
      />
    );
  else
    body = (
      <div className="account-form">
        <p>
          Signed in as <strong>{record.email}</strong> on {record.deviceName}.
        </p>
        <p role="status">{syncStatusText(status)}</p>
        <p>Your notes are end-to-end encrypted: the sync server keeps their order, never their words.</p>
        <div className="dialog-actions">
          <button type="button" onClick={() => setStep('change-password')}>
            Change password…
          </button>
          <button type="button" onClick={() => setStep('reveal-key')}>
            Show recovery key…
          </button>
          <button type="button" onClick={() => setStep('shared')}>
            Shared notes…
          </button>
          <button type="button" onClick={() => setStep('delete-account')}>
            Delete account…
          </button>
        </div>
        <div className="dialog-actions">
          <button type="button" onClick={() => setStep('sign-out')}>
            Sign out…
          </button>
          <button type="button" onClick={() => sync.syncNow()}>
            Sync now
          </button>
          <button type="button" className="primary" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    );
  return (
    <dialog ref={ref} className="dialog account-dialog" aria-labelledby="account-title" onCancel={onClose} onClose={onClose}>
      <h2 id="account-title">{titleOf(step, signedIn)}</h2>
      {body}
    </dialog>
  );
}
