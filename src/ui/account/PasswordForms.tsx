import { useState, type FormEvent, type ReactNode } from 'react';
import { MIN_PASSWORD_LENGTH, type SignedIn } from '../../services/sync/account';
import { useLog } from '../LogContext';
import { toast } from '../feedback';
import { AccountErrorLine, useAccountAction } from './accountForm';
import { deleteAccount } from '../../services/sync/session';
import { useSyncControl } from './useSyncControl';

/** What a password change does to the other devices, said before it is made (docs/product.md "Account and sync"). */
const OTHER_DEVICES_SENTENCE =
  'Your other devices will be signed out. They keep every change made there and send it once you sign in on them with the new password.';

/** A password field of these forms. */
function PasswordField({
  label,
  value,
  onChange,
  autoComplete,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  autoComplete: string;
}) {
  return (
    <label>
      {label}
      <input
        type="password"
        autoComplete={autoComplete}
        required
        minLength={MIN_PASSWORD_LENGTH}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/** A form of the dialog: its fields, the error line and Cancel / the primary action. */
function AccountSubForm(props: {
  busy: boolean;
  error: string | null;
  action: string;
  /** The primary action destroys something: drawn as a danger button. */
  danger?: boolean;
  onSubmit(): void;
  onCancel(): void;
  children: ReactNode;
}) {
  return (
    <form
      className="account-form"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      {props.children}
      <AccountErrorLine error={props.error} />
      <div className="dialog-actions">
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" className={props.danger ? 'danger-button' : 'primary'} disabled={props.busy}>
          {props.action}
        </button>
      </div>
    </form>
  );
}

/** The words for a new password typed twice differently. */
const MISMATCH = 'The new passwords do not match.';

/** Change password: Current password, New password, Confirm new password; ends with "Password changed". */
export function ChangePasswordForm({ email, onDone, onCancel }: { email: string; onDone(): void; onCancel(): void }) {
  const sync = useSyncControl();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, error, run } = useAccountAction();
  const [mismatch, setMismatch] = useState(false);
  const submit = () => {
    setMismatch(next !== confirm);
    if (next !== confirm) return;
    void run(async () => {
      await sync.deps.accounts.changePassword(email, current, next);
      toast.success('Password changed', { description: 'Your other devices were signed out: sign in there with the new password.' });
      onDone();
    });
  };
  return (
    <AccountSubForm
      busy={busy}
      error={mismatch ? MISMATCH : error}
      action={busy ? 'Changing…' : 'Change password'}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <p>Every note stays readable on every device: only the key that opens them is locked again with the new password.</p>
      <p>{OTHER_DEVICES_SENTENCE}</p>
      <PasswordField label="Current password" value={current} onChange={setCurrent} autoComplete="current-password" />
      <PasswordField label="New password" value={next} onChange={setNext} autoComplete="new-password" />
      <PasswordField label="Confirm new password" value={confirm} onChange={setConfirm} autoComplete="new-password" />
    </AccountSubForm>
  );
}

/** Forgot password: E-mail, Recovery key, New password; sets the new password and keeps every note. */
export function RecoverForm({
  initialEmail,
  onRecovered,
  onCancel,
}: {
  initialEmail: string;
  onRecovered(account: SignedIn): Promise<void>;
  onCancel(): void;
}) {
  const sync = useSyncControl();
  const [email, setEmail] = useState(initialEmail);
  const [recoveryKey, setRecoveryKey] = useState('');
  const [next, setNext] = useState('');
  const { busy, error, run } = useAccountAction();
  const submit = () =>
    void run(async () => {
      const account = await sync.deps.accounts.recover(email.trim(), recoveryKey, next);
      await onRecovered(account);
    });
  return (
    <AccountSubForm busy={busy} error={error} action={busy ? 'Setting…' : 'Set new password'} onSubmit={submit} onCancel={onCancel}>
      <p>Your recovery key sets a new password and keeps every note. Every device of the account is signed out.</p>
      <label>
        E-mail
        <input type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label>
        Recovery key
        <input
          type="text"
          autoComplete="off"
          spellCheck={false}
          required
          value={recoveryKey}
          onChange={(e) => setRecoveryKey(e.target.value)}
        />
      </label>
      <PasswordField label="New password" value={next} onChange={setNext} autoComplete="new-password" />
    </AccountSubForm>
  );
}

/** Show the recovery key again, once the password is entered. */
export function RevealRecoveryKeyForm({ onRevealed, onCancel }: { onRevealed(recoveryKey: string): void; onCancel(): void }) {
  const log = useLog();
  const sync = useSyncControl();
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAccountAction();
  const submit = () =>
    void run(async () => {
      const key = await log.serverSync.accountKey();
      if (!key) throw new Error('This device is locked: sign in again first.');
      onRevealed(await sync.deps.accounts.revealRecoveryKey(password, key));
    });
  return (
    <AccountSubForm busy={busy} error={error} action="Show recovery key" onSubmit={submit} onCancel={onCancel}>
      <p>Enter your password to see your recovery key.</p>
      <PasswordField label="Password" value={password} onChange={setPassword} autoComplete="current-password" />
    </AccountSubForm>
  );
}

/** What deleting the account does, said before it is done (docs/product.md "Account and sync"). */
const DELETE_SENTENCE =
  'This deletes your account and everything the sync server keeps of it. The notes on this device stay here, as this device’s own; your other devices keep theirs and are signed out.';

/** Delete account: the password proves who asks; this device keeps its notes and stops syncing. */
export function DeleteAccountForm({ email, onDone, onCancel }: { email: string; onDone(): void; onCancel(): void }) {
  const sync = useSyncControl();
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAccountAction();
  const submit = () =>
    void run(async () => {
      await deleteAccount(sync.deps, email, password);
      toast.success('Account deleted', { description: 'Your notes stay on this device.' });
      onDone();
    });
  return (
    <AccountSubForm busy={busy} error={error} action={busy ? 'Deleting…' : 'Delete account'} danger onSubmit={submit} onCancel={onCancel}>
      <p>{DELETE_SENTENCE}</p>
      <p>Enter your password to delete the account {email}.</p>
      <PasswordField label="Password" value={password} onChange={setPassword} autoComplete="current-password" />
    </AccountSubForm>
  );
}
