/**
 * A device as the app's account code runs it, in Node against a real host (docs/sync.md "Keys"):
 * the app's own account flows, key endpoints and sync transport over ky, with a cookie jar of its
 * own and the host's Origin, as one browser profile on the app's page.
 */
import ky from 'ky';
import type { AccountApi } from '../../src/services/sync/account';
import { httpAuthApi } from '../../src/services/sync/account';
import { accountFlows } from '../../src/services/sync/accountFlows';
import { webStoragePins } from '../../src/services/sync/accountPins';
import type { StorageArea } from '../../src/services/webStorage';
import { MemoryWebStorage } from '../unit/memoryWebStorage';
import { httpSyncTransport } from '../../src/services/sync/httpTransport';
import { httpKeysApi, type KeysApi } from '../../src/services/sync/keysApi';
import type { SealedTransport } from '../../src/services/sync/transport';

/** One browser profile: its account flows, key endpoints and sync transport sharing one cookie. */
export interface AppProfile {
  flows: AccountApi;
  keys: KeysApi;
  wire: SealedTransport;
  /** The session cookie (name=value), or null. */
  cookie(): string | null;
  /** Set to a path (e.g. `/reseal`, or `PUT /keys` for one method): the next answer to it arrives at the host but never here, as when the tab closes then. */
  interruptAfter: string | null;
  /** The profile's `localStorage`, where the account pins are kept (pass it to another profile to be the same browser again). */
  storage: StorageArea;
}

/** A profile of the app on `hostUrl`'s origin; `storage`: its localStorage (a fresh one by default). */
export function appProfile(hostUrl: string, storage: StorageArea = new MemoryWebStorage()): AppProfile {
  const origin = new URL(hostUrl).origin;
  let cookie: string | null = null;
  const profile = { interruptAfter: null as string | null };
  const client = ky.create({
    headers: { Origin: origin },
    hooks: {
      beforeRequest: [(request) => void (cookie && request.headers.set('Cookie', cookie))],
      afterResponse: [
        (request, _options, response) => {
          const [method, path] = profile.interruptAfter?.includes(' ') ? profile.interruptAfter.split(' ') : [null, profile.interruptAfter];
          if (path && new URL(request.url).pathname.endsWith(path) && (!method || request.method === method)) {
            profile.interruptAfter = null;
            throw new TypeError('the tab was closed');
          }
          for (const set of response.headers.getSetCookie()) {
            if (!/^(__Secure-)?better-auth\.session_token=/.test(set)) continue;
            cookie = /Max-Age=0/i.test(set) ? null : set.split(';')[0];
          }
        },
      ],
    },
  });
  const keys = httpKeysApi(origin, client);
  const wire = httpSyncTransport(origin, client);
  const flows = accountFlows({
    auth: httpAuthApi(origin, client),
    keys,
    pins: webStoragePins(storage),
    wire,
    newDeviceId: () => `web-${crypto.randomUUID()}`,
  });
  return Object.assign(profile, { flows, keys, wire, storage, cookie: () => cookie });
}
