import type { AuthApi } from './account';
import type { AccountPins } from './accountPins';
import type { KeysApi } from './keysApi';
import type { SealedTransport } from './transport';

/**
 * What the account flows (accountFlows.ts) and an old account's upgrade (accountUpgrade.ts) need:
 * better-auth, the key endpoints, the sync endpoints (for an upgrade), a new device id, and what
 * this device remembers of the accounts it opened (accountPins.ts).
 */
export interface AccountFlowDeps {
  auth: AuthApi;
  keys: KeysApi;
  pins: AccountPins;
  wire: SealedTransport;
  newDeviceId(): string;
}
