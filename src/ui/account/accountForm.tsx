import { useState } from 'react';
import { AccountError } from '../../services/sync/account';
import { SyncError } from '../../services/sync/transport';

/** What went wrong, in the dialog's words; nothing on this device changes on any error. */
export function explain(error: unknown): string {
  if (error instanceof AccountError) return error.message;
  if (error instanceof SyncError) {
    return error.failure === 'offline'
      ? 'No connection to the sync server. Your notes stay on this device; try again when you are online.'
      : `The sync server refused: ${error.message}`;
  }
  return `Something went wrong: ${error instanceof Error ? error.message : String(error)}`;
}

/** One account action at a time: `busy` while it runs, its failure in words (nothing changed then). */
export function useAccountAction(): { busy: boolean; error: string | null; run(action: () => Promise<void>): Promise<void> } {
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
export function AccountErrorLine({ error }: { error: string | null }) {
  return error ? (
    <p className="account-error" role="alert">
      {error}
    </p>
  ) : null;
}
