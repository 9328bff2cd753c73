/**
 * The error every function throws to answer a request with a status (docs/architecture.md
 * "Functions and host"): the HTTP edge (http.ts) turns it into a JSON answer. Web-standard.
 */

/** An error that becomes a JSON answer `{error: message}` with `status`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
