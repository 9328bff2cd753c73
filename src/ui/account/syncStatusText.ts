import { format } from 'date-fns';
import type { SyncStatus } from '../../services/sync/engine';

const changes = (n: number) => `${n} change${n === 1 ? '' : 's'}`;

/**
 * The sync status in words anyone understands at a glance (docs/product.md "Account and sync"):
 * synced with the time, syncing, offline with the changes kept here, sign-in expired, paused.
 */
export function syncStatusText(status: SyncStatus | null): string {
  if (!status) return 'Starting sync…';
  const kept = status.pending ? `${changes(status.pending)} kept on this device` : 'nothing waiting';
  switch (status.state) {
    case 'synced':
      return `Synced${status.lastSyncedAt ? ` at ${format(new Date(status.lastSyncedAt), 'p')}` : ''}`;
    case 'syncing':
      return status.pending ? `Syncing ${changes(status.pending)}…` : 'Syncing…';
    case 'offline':
      return `Offline · ${kept}`;
    case 'signed-out':
      return `Sign-in expired · ${kept}`;
    case 'paused':
      return 'Sync paused: NotePad was updated elsewhere';
    case 'error':
      return `Sync problem, retrying · ${kept}`;
  }
}

/**
 * What the status adds about changes that do not sync (docs/product.md "Account and sync"): this
 * device's changes the account refused ("· 2 could not be synced"), events of the account this
 * build cannot read ("· 1 change from another device could not be read") and events whose
 * ciphertext did not open ("· 1 change could not be read: it was altered or is not this
 * account's"); empty when there are none.
 */
export function syncStatusNotes(status: SyncStatus | null): string {
  if (!status) return '';
  const notes: string[] = [];
  if (status.setAside) notes.push(`${status.setAside} could not be synced`);
  const altered = status.altered ?? 0;
  const other = status.unreadable - altered;
  if (other > 0) notes.push(`${changes(other)} from ${other === 1 ? 'another device' : 'other devices'} could not be read`);
  if (altered > 0)
    notes.push(
      `${changes(altered)} could not be read: ${altered === 1 ? "it was altered or is not this account's" : "they were altered or are not this account's"}`,
    );
  return notes.map((note) => ` · ${note}`).join('');
}
