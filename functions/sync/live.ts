/**
 * `GET /functions/v1/sync/live` (docs/sync.md "live"): Server-Sent Events telling a device the
 * account's head — at connect, whenever a push through any host moves it, and a comment heartbeat.
 * At each heartbeat (and at once when this process signs the user out) the credential is checked
 * again; a stream whose session ended, and every stream when the host stops, is closed cleanly.
 */
import { HttpError } from '../_shared/httpError.ts';
import type { Identity } from './access.ts';
import type { SyncCall } from './context.ts';
import { useQueryDevice } from './pull.ts';

/** Open streams by account, so the host can cap them per account and end them all when it stops. */
export interface LiveStreams {
  /** Records an open stream of `userId`; @returns the function that forgets it. */
  add(userId: string, close: () => void): () => void;
  /** Open streams of `userId`. */
  countOf(userId: string): number;
  /** Ends every open stream. */
  closeAll(): void;
  readonly size: number;
}

/** An empty set of streams. */
export function createLiveStreams(): LiveStreams {
  const open = new Map<() => void, string>();
  const perUser = new Map<string, number>();
  return {
    add(userId, close) {
      open.set(close, userId);
      perUser.set(userId, (perUser.get(userId) ?? 0) + 1);
      return () => {
        if (!open.delete(close)) return;
        const left = (perUser.get(userId) ?? 1) - 1;
        if (left > 0) perUser.set(userId, left);
        else perUser.delete(userId);
      };
    },
    countOf: (userId) => perUser.get(userId) ?? 0,
    closeAll() {
      for (const close of [...open.keys()]) close();
    },
    get size() {
      return open.size;
    },
  };
}

/** What a live stream needs beyond the call. */
export interface LiveOptions {
  streams: LiveStreams;
  /** Checks the request's credential again; resolves null when it no longer holds. */
  reauthenticate: (req: Request) => Promise<Identity | null>;
  onSessionsChanged?: (listener: (userId: string) => void) => () => void;
}

const encoder = new TextEncoder();

/**
 * Opens the stream: `event: head` with `data: {"head": N}` now and on every change, `: ping` every heartbeat.
 * @throws HttpError 429 (Retry-After 60) when the account already holds `maxLiveStreamsPerAccount` streams here.
 */
export async function live(call: SyncCall, options: LiveOptions): Promise<Response> {
  await useQueryDevice(call);
  const { userId } = call.identity;
  // Checked and recorded with no await between, so two opening at once cannot both pass the cap.
  if (options.streams.countOf(userId) >= call.limits.maxLiveStreamsPerAccount) {
    throw new HttpError(
      429,
      `This account has ${call.limits.maxLiveStreamsPerAccount} live streams open on this host: close one, or rely on the regular sync meanwhile`,
      { 'Retry-After': '60' },
    );
  }
  const cleanups: (() => void)[] = [];
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let lastSent = -1;

  const close = () => {
    if (closed) return;
    closed = true;
    for (const cleanup of cleanups.splice(0)) cleanup();
    try {
      controller.close();
    } catch {
      // Already closed or cancelled by the client.
    }
  };
  const send = (text: string) => {
    if (closed) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      close();
    }
  };
  const sendHead = (head: number) => {
    if (head === lastSent) return;
    lastSent = head;
    send(`event: head\ndata: {"head":${head}}\n\n`);
  };
  const recheck = async () => {
    if (closed) return;
    try {
      const identity = await options.reauthenticate(call.req);
      if (!identity || identity.userId !== userId) close();
    } catch {
      // The check itself failed (storage, identity provider): keep the stream, try at the next heartbeat.
    }
  };

  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      close();
    },
  });
  // Watch before reading the head, so a push between the two is not missed.
  let pending: number | null = null;
  cleanups.push(call.store.watchHead(userId, (head) => (lastSent < 0 ? (pending = Math.max(pending ?? 0, head)) : sendHead(head))));
  const heartbeat = setInterval(() => {
    send(': ping\n\n');
    void recheck();
  }, call.limits.heartbeatMs);
  cleanups.push(() => clearInterval(heartbeat));
  if (options.onSessionsChanged) cleanups.push(options.onSessionsChanged((changed) => void (changed === userId && recheck())));
  cleanups.push(options.streams.add(userId, close));
  const onAbort = () => close();
  call.req.signal?.addEventListener('abort', onAbort);
  cleanups.push(() => call.req.signal?.removeEventListener('abort', onAbort));

  try {
    const head = await call.store.head(userId);
    sendHead(Math.max(head, pending ?? 0));
  } catch (error) {
    close();
    throw error;
  }
  return new Response(stream, {
    status: 200,
    headers: {
      ...call.headers,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    },
  });
}
