import ky, { type KyInstance } from 'ky';
import type { SealedShare, ShareAnswer, ShareListing, SharePutBody } from '../../../catalog';
import { failure } from '../sync/httpTransport';
import { SyncError } from '../sync/transport';

/** A call that has not answered in this long has failed (ms). */
const CALL_TIMEOUT_MS = 30_000;

/**
 * The host's shared-link endpoints as the owner's devices use them (docs/sync.md "Shared links").
 * Every failure is a SyncError (`signed-out`, `offline`, `busy`, `refused` with the host's message
 * and status).
 */
export interface ShareApi {
  /** Store a link's copy, or with no `share` its new options. @throws SyncError */
  put(body: SharePutBody): Promise<void>;
  /** Delete the account's link `id` (nothing when it has none). @throws SyncError */
  remove(deviceId: string, id: string): Promise<void>;
  /** Every link of the account as the host keeps it. @throws SyncError */
  list(deviceId: string): Promise<ShareListing[]>;
  /** The copy of link `id`, as anyone with the link reads it; null when stopped or expired. @throws SyncError */
  read(id: string): Promise<SealedShare | null>;
}

/** The endpoints over HTTP on `origin`, with the session cookie (`client`'s own options kept, as for the sync transport). */
export function httpShareApi(origin: string = location.origin, client: KyInstance = ky): ShareApi {
  const http = client.extend({
    prefixUrl: `${origin}/functions/v1/sync`,
    timeout: CALL_TIMEOUT_MS,
    retry: 0,
    throwHttpErrors: false,
    credentials: 'same-origin',
  });
  const call = async (request: () => Promise<Response>): Promise<Response> => {
    let response: Response;
    try {
      response = await request();
    } catch (error) {
      throw new SyncError('offline', error instanceof Error ? error.message : String(error));
    }
    if (!response.ok && response.status !== 404 && response.status !== 410) throw await failure(response);
    return response;
  };
  return {
    async put(body) {
      const response = await call(() => http.put('share', { json: body }));
      if (!response.ok) throw await failure(response);
    },
    async remove(deviceId, id) {
      await call(() => http.delete('share', { searchParams: { deviceId, id } }));
    },
    async list(deviceId) {
      const response = await call(() => http.get('shares', { searchParams: { deviceId } }));
      if (!response.ok) throw await failure(response);
      return ((await response.json()) as { shares: ShareListing[] }).shares;
    },
    async read(id) {
      const response = await call(() => http.get('share', { searchParams: { id }, credentials: 'omit' }));
      return response.ok ? ((await response.json()) as ShareAnswer).share : null;
    },
  };
}
