import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../src/services/sync/engine';
import { syncStatusNotes } from '../../src/ui/account/syncStatusText';

/** What the sync status line adds about changes that do not sync (docs/product.md "Account and sync"). */

const status = (part: Partial<SyncStatus>): SyncStatus => ({
  state: 'synced',
  pending: 0,
  lastSyncedAt: null,
  setAside: 0,
  unreadable: 0,
  altered: 0,
  message: null,
  ...part,
});

describe('syncStatusNotes', () => {
  it('says nothing when every change syncs', () => {
    expect(syncStatusNotes(status({}))).toBe('');
    expect(syncStatusNotes(null)).toBe('');
  });

  it('counts this device’s changes the account refused and the other devices’ changes this build cannot read', () => {
    expect(syncStatusNotes(status({ setAside: 1 }))).toBe(' · 1 could not be synced');
    expect(syncStatusNotes(status({ unreadable: 1 }))).toBe(' · 1 change from another device could not be read');
    expect(syncStatusNotes(status({ setAside: 2, unreadable: 3 }))).toBe(
      ' · 2 could not be synced · 3 changes from other devices could not be read',
    );
  });
});

describe('changes that did not open', () => {
  it('says a change was altered or is not this account’s, apart from the ones this build cannot read', () => {
    expect(syncStatusNotes(status({ unreadable: 1, altered: 1 }))).toBe(
      " · 1 change could not be read: it was altered or is not this account's",
    );
    expect(syncStatusNotes(status({ unreadable: 3, altered: 2 }))).toBe(
      " · 1 change from another device could not be read · 2 changes could not be read: they were altered or are not this account's",
    );
  });
});
