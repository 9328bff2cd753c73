import type { EventLog } from '../../events/eventLog';
import { EMPTY_SERVER_BASE } from '../../events/logFold';
import type { AccountApi, UnlockedAccount } from './account';
import { CHECKPOINT_FORMAT } from './syncProtocol';
import { sealingTransport } from './sealingTransport';
import type { SealedTransport } from './transport';

/** What beginning and ending sync need; the browser passes HTTP and crypto, tests pass fakes. */
export interface SyncSessionDeps {
  log: EventLog;
  accounts: AccountApi;
  /** The host's sync endpoints as they are on the wire (sealed). */
  transport: SealedTransport;
  deviceName(): string;
  newDeviceId(): string;
}

/**
 * Begin syncing this device with `account`, after a sign-in or sign-up (docs/architecture.md
 * "Sync"). Signing in again to the same account (an expired session) resumes: the local edits
 * made meanwhile are still in the outbox. Another account: this device's notes stay and join it.
 * A new device starts from the account's checkpoint when there is one it can read, then pulls the
 * rest; this device's own notes are pushed on top, so nothing on either side is lost or doubled.
 * The account key unlocked at sign-in is kept in the sync bookkeeping (docs/sync.md "Keys"); the
 * device's name goes to the other devices only inside its sealed `device.named` event.
 * @throws SyncError when the server cannot be reached (nothing changed then).
 */
export async function beginSync(deps: SyncSessionDeps, account: UnlockedAccount): Promise<void> {
  const { log } = deps;
  const current = log.account$.value;
  if (current?.userId === account.userId) {
    // Signing in again (an expired session, a password changed elsewhere): the key unlocks this device again.
    await log.serverSync.setAccountKey(account.accountKey);
    return;
  }
  const deviceId = deps.newDeviceId();
  const deviceName = deps.deviceName();
  const transport = sealingTransport(deps.transport, async () => ({ userId: account.userId, key: account.accountKey }));
  const checkpoint = await transport.checkpoint(deviceId);
  const base = checkpoint?.format === CHECKPOINT_FORMAT ? { head: checkpoint.serverSeq, notes: checkpoint.state } : EMPTY_SERVER_BASE;
  if (current) await log.serverSync.leaveSync(true);
  await log.serverSync.setAccountKey(account.accountKey);
  await log.serverSync.enterSync(
    { userId: account.userId, email: account.email, deviceId, deviceName, ackedThrough: 0, since: new Date().toISOString() },
    base,
    checkpoint?.format === CHECKPOINT_FORMAT ? checkpoint.opened : undefined,
  );
  await log.append('device.named', { device: deviceId, name: deviceName });
}

/**
 * Sign out and stop syncing. `keepNotes`: this device keeps its copy of the notes, as its own;
 * otherwise it is removed (the account keeps its copy). `everywhere`: every device of the account
 * is signed out. A sign-out the server cannot hear (offline) still ends sync here.
 */
export async function endSync(
  deps: Pick<SyncSessionDeps, 'log' | 'accounts'>,
  options: { keepNotes: boolean; everywhere: boolean },
): Promise<void> {
  try {
    await deps.accounts.signOut(options.everywhere);
  } catch (error) {
    if (options.everywhere) throw error;
    console.warn('NotePad: the sync server did not hear the sign-out; this device stops syncing anyway', error);
  }
  await deps.log.serverSync.leaveSync(options.keepNotes);
}

/**
 * Delete the signed-in account (its password proves who asks) and stop syncing: the host forgets
 * the account and every event of it; this device keeps its copy of the notes, as its own
 * (docs/product.md "Account and sync"). @throws AccountError (nothing changed then).
 */
export async function deleteAccount(deps: Pick<SyncSessionDeps, 'log' | 'accounts'>, email: string, password: string): Promise<void> {
  await deps.accounts.deleteAccount(email, password);
  await deps.log.serverSync.leaveSync(true);
}

/** A short name for this device, e.g. "Chrome on Linux", from what the browser says of itself. */
export function browserDeviceName(): string {
  const data = (navigator as Navigator & { userAgentData?: { brands?: { brand: string }[]; platform?: string } }).userAgentData;
  const ua = navigator.userAgent;
  const brand =
    data?.brands?.map((b) => b.brand).find((b) => !/not.?a.?brand|chromium/i.test(b)) ??
    (/Firefox\//.test(ua)
      ? 'Firefox'
      : /Edg\//.test(ua)
        ? 'Edge'
        : /Chrome\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'Browser');
  const platform =
    data?.platform ||
    (/Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad/.test(ua)
        ? 'iOS'
        : /Mac OS/.test(ua)
          ? 'macOS'
          : /Windows/.test(ua)
            ? 'Windows'
            : /Linux/.test(ua)
              ? 'Linux'
              : '');
  return (platform ? `${brand} on ${platform}` : brand).slice(0, 80);
}
