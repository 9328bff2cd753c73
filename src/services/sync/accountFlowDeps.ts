import type { AuthApi } from './account';
import type { KeysApi } from './keysApi';
import type { SealedTransport } from './transport';

/**
 * What the account flows (accountFlows.ts) and an old account's upgrade (accountUpgrade.ts) need:
 * better-auth, the key endpoints, the sync endpoints (for an upgrade) and a new device id.
 */
export interface AccountFlowDeps {
  auth: AuthApi;
  keys: KeysApi;
  wire: SealedTransport;
  newDeviceId(): string;
}
