import ky, { type KyInstance } from 'ky';
import * as v from 'valibot';
import type { PullPage, PushAnswer, PushBody, SealedCheckpoint, SealedEvent } from '../../../catalog';
import { HEAD_ANSWER, PULL_PAGE, PUSH_ANSWER, SEALED_CHECKPOINT } from '../../../catalog/wireSchemas';
import type { SealedTransport } from './transport';
import { answerOf, failure, syncAnswer, syncEndpoints } from './syncHttp';

/** Bodies over this many bytes are sent gzip-compressed (the server inflates them, bounded). */
const COMPRESS_FROM_BYTES = 16 * 1024;
/** Events per pull page asked for (the server also pages by bytes). */
const PULL_LIMIT = 1000;

/** JSON as a request body: gzip-compressed when large and the browser can (CompressionStream). */
async function jsonBody(value: unknown): Promise<{ body: BodyInit; headers: Record<string, string> }> {
  const text = JSON.stringify(value);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (text.length < COMPRESS_FROM_BYTES || typeof CompressionStream !== 'function') return { body: text, headers };
  const compressed = await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
  return { body: compressed, headers: { ...headers, 'Content-Encoding': 'gzip' } };
}

/**
 * The sync server over HTTP (docs/sync.md), sealed forms on the wire (catalog/wire.ts): `{origin}/functions/v1/sync/...`, authenticated by the
 * session cookie; the live stream is Server-Sent Events. Answers are read by their catalog schemas.
 * Every failure is a SyncError (an answer of another shape too: syncHttp.ts `syncAnswer`); nothing is
 * retried here (the engine retries with backoff). `client`'s own options (headers, hooks) are kept:
 * a client outside a browser passes the session's cookie that way.
 */
export function httpSyncTransport(origin: string = location.origin, client: KyInstance = ky): SealedTransport {
  const http = syncEndpoints(origin, client);
  return {
    async push(deviceId, events: SealedEvent[]): Promise<PushAnswer> {
      const { body, headers } = await jsonBody({ deviceId, events } satisfies PushBody);
      const response = await answerOf(() => http.post('push', { body, headers }));
      if (!response.ok) throw await failure(response);
      return syncAnswer(response, PUSH_ANSWER);
    },
    async pull(deviceId, after): Promise<PullPage> {
      const response = await answerOf(() => http.get('pull', { searchParams: { deviceId, after, limit: PULL_LIMIT } }));
      if (!response.ok) throw await failure(response);
      return syncAnswer(response, PULL_PAGE);
    },
    async checkpoint(deviceId): Promise<SealedCheckpoint | null> {
      const response = await answerOf(() => http.get('snapshot', { searchParams: { deviceId } }));
      if (response.status === 404) return null;
      if (!response.ok) throw await failure(response);
      return syncAnswer(response, SEALED_CHECKPOINT);
    },
    async putCheckpoint(deviceId, checkpoint, proof) {
      const { body, headers } = await jsonBody({ deviceId, ...checkpoint, ...(proof === undefined ? {} : { proof }) });
      const response = await answerOf(() => http.put('snapshot', { body, headers }));
      if (!response.ok) throw await failure(response);
    },
    async registerCheckpointVerifier(deviceId, recoveryProof, verifier) {
      const { body, headers } = await jsonBody({ deviceId, recoveryProof, verifier });
      const response = await answerOf(() => http.post('checkpoint-verifier', { body, headers }));
      if (!response.ok) throw await failure(response);
    },
    live(deviceId, onHead, onLost) {
      if (typeof EventSource !== 'function') return () => {};
      const source = new EventSource(`${origin}/functions/v1/sync/live?deviceId=${encodeURIComponent(deviceId)}`);
      source.addEventListener('head', (message) => {
        try {
          const head = v.safeParse(HEAD_ANSWER, JSON.parse((message as MessageEvent<string>).data));
          if (head.success) onHead(head.output.head);
        } catch {
          // A malformed message: the next one, or the poll, catches up.
        }
      });
      // EventSource reconnects by itself; once it gives up (CLOSED) the engine opens a new one.
      source.onerror = () => source.readyState === EventSource.CLOSED && onLost();
      return () => source.close();
    },
  };
}
