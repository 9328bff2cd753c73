import { useState } from 'react';
import { browserClipboard } from '../../services/clipboard';
import { browserDownloader } from '../../services/download';
import { toast } from '../feedback';

/** What the recovery key is for, in one plain sentence (docs/product.md "Account and sync"). */
const RECOVERY_KEY_SENTENCE =
  'NotePad’s sync server cannot read your notes. Without your password or this recovery key nobody can, not even the server’s operator.';

/**
 * The recovery key shown (docs/product.md "Account and sync"): the key in groups, *Copy*,
 * *Download* (`notepad-recovery-key.txt`) and the button that goes on (`doneLabel`); `note`, a
 * sentence shown first (after a recovery: the old key no longer works).
 */
export function RecoveryKeyView({
  recoveryKey,
  email,
  doneLabel,
  note,
  onDone,
}: {
  recoveryKey: string;
  email: string;
  doneLabel: string;
  note?: string;
  onDone(): void;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await browserClipboard.writeText(recoveryKey);
      setCopied(true);
    } catch {
      toast.error('Could not copy', { description: 'Select the key and copy it, or download it.' });
    }
  };
  const download = () =>
    browserDownloader.download(
      'notepad-recovery-key.txt',
      `NotePad recovery key for ${email}\n\n${recoveryKey}\n\n${RECOVERY_KEY_SENTENCE}\n`,
      'text/plain',
    );
  return (
    <div className="account-form">
      {note && <p className="recovery-note">{note}</p>}
      <p>{RECOVERY_KEY_SENTENCE}</p>
      <p>Keep it somewhere safe, apart from this device. With it you can set a new password if you forget yours.</p>
      <p className="recovery-key" aria-label="Recovery key">
        <code>{recoveryKey}</code>
      </p>
      <div className="dialog-actions">
        <button type="button" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" onClick={download}>
          Download
        </button>
        <button type="button" className="primary" onClick={onDone}>
          {doneLabel}
        </button>
      </div>
    </div>
  );
}
