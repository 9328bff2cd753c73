/**
 * JSON answers for requests Node's HTTP parser refuses before any handler runs (every answer
 * to a hostile request is JSON): headers over the size limit get 431, other malformed requests 400.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** The raw HTTP/1.1 answer for a refused request. */
function rawAnswer(status: number, message: string): string {
  const body = JSON.stringify({ error: message });
  return [
    `HTTP/1.1 ${status} ${REASONS[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Access-Control-Allow-Origin: *',
    'X-Content-Type-Options: nosniff',
    'Cache-Control: no-store',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Makes `server` answer parser errors with JSON instead of Node's empty default answers. */
export function answerClientErrorsWithJson(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || (error as { code?: string }).code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const code = (error as { code?: string }).code;
    const answer =
      code === 'HPE_HEADER_OVERFLOW'
        ? rawAnswer(431, 'Request headers are too large')
        : code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? rawAnswer(408, 'The request took too long to arrive')
          : rawAnswer(400, 'Malformed HTTP request');
    socket.end(answer);
  });
}
