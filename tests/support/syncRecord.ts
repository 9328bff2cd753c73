/**
 * The account record of a device that syncs, as the sync tests start from (SyncRecord,
 * docs/architecture.md "Sync"): device one of `user-1`, nothing acknowledged yet.
 */
export const SYNC_RECORD = {
  userId: 'user-1',
  email: 'a@example.org',
  deviceId: 'device-one-0000',
  deviceName: 'One',
  ackedThrough: 0,
  since: '2026-11-24T10:00:00.000Z',
};
