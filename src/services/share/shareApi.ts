import ky, { type KyInstance } from 'ky';
import type { SealedShare, ShareListing, SharePutBody } from '../../../catalog';
import { SHARE_ANSWER, SHARE_LIST_ANSWER } from '../../../catalog/wireSchemas';
import { answerOf, failure, syncAnswer, syncEndpoints } from '../sync/syncHttp';

/**
 * The host's shared-link endpoints as the owner's devices use them (docs/sync.md "Shared links").
 * Every failure is a SyncError (`signed-out`, `offline`, `busy`, `refused` with the host's message
 * and status, or for an answer of another shape than catalog/share.ts says).
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
  const http = syncEndpoints(origin, client);
  const call = async (request: () => Promise<Response>): Promise<Response> => {
    const response = await answerOf(request);
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
      return (await syncAnswer(response, SHARE_LIST_ANSWER)).shares;
    },
    async read(id) {
      const response = await call(() => http.get('share', { searchParams: { id }, credentials: 'omit' }));
      return response.ok ? (await syncAnswer(response, SHARE_ANSWER)).share : null;
    },
  };
}
