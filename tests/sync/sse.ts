/**
 * A Server-Sent Events reader for the live endpoint (docs/sync.md "live"), for tests and the bench:
 * keeps every `head` received and the comments (heartbeats), and says when the server ended it.
 */
import { request } from 'node:http';
import { withDeadline } from '../support/deadline';
import type { SyncClient } from './client';

/** An open live stream. */
export interface LiveStream {
  status: number;
  heads: number[];
  comments: number;
  /** Resolves when the server ends the stream (or the connection drops). */
  ended: Promise<void>;
  /** Resolves once a head ≥ `head` arrived; rejects after `ms`. @returns ms waited. */
  waitForHead(head: number, ms?: number): Promise<number>;
  close(): void;
}

/** Opens `GET /functions/v1/sync/live?deviceId` with the client's credentials; resolves once the answer's head arrived. */
export function openLive(client: SyncClient, deviceId: string, extraHeaders: Record<string, string> = {}): Promise<LiveStream> {
  const headers: Record<string, string> = { Accept: 'text/event-stream', Origin: client.origin, ...extraHeaders };
  if (client.cookie) headers.Cookie = client.cookie;
  if (client.bearer) headers.Authorization = `Bearer ${client.bearer}`;
  const url = new URL(`/functions/v1/sync/live?deviceId=${encodeURIComponent(deviceId)}`, client.hostUrl);
  return withDeadline(
    new Promise<LiveStream>((resolve, reject) => {
      const waiters = new Set<() => void>();
      let endedResolve!: () => void;
      const ended = new Promise<void>((done) => (endedResolve = done));
      const req = request(url, { headers }, (res) => {
        const stream: LiveStream = {
          status: res.statusCode ?? 0,
          heads: [],
          comments: 0,
          ended,
          waitForHead(head, ms = 5000) {
            const started = Date.now();
            return withDeadline(
              new Promise<number>((done) => {
                const check = () => {
                  if (stream.heads.some((h) => h >= head)) {
                    waiters.delete(check);
                    done(Date.now() - started);
                  }
                };
                waiters.add(check);
                check();
              }),
              ms,
              `live head ${head}`,
            );
          },
          close: () => req.destroy(),
        };
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (message.startsWith(':')) stream.comments++;
            const data = /^data: (.*)$/m.exec(message)?.[1];
            if (/^event: head$/m.test(message) && data) stream.heads.push(JSON.parse(data).head);
            if (stream.heads.length === 1 && message.startsWith('event: head')) resolve(stream);
          }
          for (const waiter of [...waiters]) waiter();
        });
        res.on('end', () => endedResolve());
        res.on('close', () => endedResolve());
        res.on('error', () => endedResolve());
        if (res.statusCode !== 200) {
          res.resume();
          resolve(stream);
        }
      });
      req.on('error', (error) => {
        endedResolve();
        reject(error);
      });
      req.end();
    }),
    10_000,
    'opening the live stream',
  );
}
