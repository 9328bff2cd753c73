/**
 * Who is calling, and from where (docs/sync.md "Security rules"): the user id comes only from a verified
 * credential (the account's session cookie or an external identity provider's JWT), never from the
 * request's fields; a cookie request must come from a trusted origin.
 */
import { HttpError } from '../_shared/httpError.ts';

/** The caller as authenticated: a local account id, or `jwt:<sub>` for an external identity. */
export interface Identity {
  userId: string;
  via: 'session' | 'jwt';
}

/**
 * Authenticates a request from its headers; resolves null when it carries no valid credential.
 * May throw HttpError (e.g. 503 when the identity provider's keys cannot be fetched).
 */
export type Authenticate = (req: Request) => Promise<Identity | null>;

/** The bearer token of an `Authorization: Bearer <token>` header, or null. */
function bearerToken(req: Request): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get('authorization') ?? '');
  return match ? match[1] : null;
}

/** True when the request's credential is ambient (a cookie the browser adds by itself): no Authorization header, a Cookie header. */
function isCookieRequest(req: Request): boolean {
  return req.headers.get('authorization') === null && req.headers.get('cookie') !== null;
}

/** The request's Origin when it is one of `trusted`, else null (for CORS answers). */
export function trustedOrigin(req: Request, trusted: readonly string[]): string | null {
  const origin = req.headers.get('origin');
  return origin !== null && trusted.includes(origin) ? origin : null;
}

/**
 * Refuses a cookie request that a browser sent from another site: `Sec-Fetch-Site: cross-site`,
 * or an `Origin` that is not trusted (including `null`). Requests without a cookie, or with an
 * Authorization header, are not ambient and pass.
 * @throws HttpError 403.
 */
export function checkCookieOrigin(req: Request, trusted: readonly string[]): void {
  if (!isCookieRequest(req)) return;
  if ((req.headers.get('sec-fetch-site') ?? '').toLowerCase() === 'cross-site') {
    throw new HttpError(403, 'Cross-site requests with the session cookie are refused');
  }
  const origin = req.headers.get('origin');
  if (origin !== null && !trusted.includes(origin)) {
    throw new HttpError(403, 'Requests with the session cookie are accepted only from the app\u2019s own origin');
  }
}

/**
 * Combines the session check and the JWT check: a request with an Authorization header is judged by
 * its bearer token alone (null when there is no JWT verifier or the token is invalid); any other by
 * its session cookie.
 */
export function combineAuthenticators(session: Authenticate, jwt: ((token: string) => Promise<string | null>) | null): Authenticate {
  return async (req) => {
    if (req.headers.get('authorization') !== null) {
      const token = bearerToken(req);
      if (!token || !jwt) return null;
      const userId = await jwt(token);
      return userId ? { userId, via: 'jwt' } : null;
    }
    if (req.headers.get('cookie') === null) return null;
    return session(req);
  };
}
