/**
 * Accounts (docs/sync.md "Accounts"): better-auth with e-mail and password, mounted at
 * `/api/auth/*`. Sessions are better-auth's (cookie `better-auth.session_token`), stored in the
 * same database kind as the sync tables; sign-in and sign-up are rate limited per client address
 * in that database (so the limit holds across hosts on Postgres), and every 429 carries a standard
 * `Retry-After`. Account deletion removes the account's sync data through `deleteUserData`.
 */
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import type Database from 'better-sqlite3';
import type pg from 'pg';
import type { Authenticate } from '../functions/sync/access.ts';

/** The header the host sets to the client's address for the rate limiter (a client's own value is replaced). */
export const CLIENT_IP_HEADER = 'x-notepad-client-ip';

/** How accounts are configured (docs/sync.md "Configuration"). */
export interface AuthSettings {
  /** better-sqlite3 database (embedded) or pg Pool (DATABASE_URL). */
  database: Database.Database | pg.Pool;
  /** Signs cookies; at least 32 characters. */
  secret: string;
  /** The app's public URL (cookies are Secure when it is https). */
  baseURL: string;
  /** Origins allowed to make cookie requests, read per request. */
  trustedOrigins: () => string[];
  /** Session lifetime in seconds. */
  sessionTtlS: number;
  /** Sign-in and sign-up attempts per client address: at most `max` per `windowS` seconds. */
  signInLimit: { windowS: number; max: number };
  /** A header set by a trusted proxy naming the client (e.g. x-forwarded-for); null: the socket's address. */
  proxyIpHeader: string | null;
  /** Removes the account's sync data (called before and after better-auth deletes the user). */
  deleteUserData: (userId: string) => Promise<void>;
}

/** The better-auth options of these settings. */
export function authOptions(settings: AuthSettings): BetterAuthOptions {
  const limit = { window: settings.signInLimit.windowS, max: settings.signInLimit.max };
  return {
    database: settings.database,
    secret: settings.secret,
    baseURL: settings.baseURL,
    trustedOrigins: () => settings.trustedOrigins(),
    // autoSignIn false: sign-up answers the same for a new and an existing address (docs/sync.md "What errors reveal").
    emailAndPassword: { enabled: true, autoSignIn: false, minPasswordLength: 8, maxPasswordLength: 256 },
    session: { expiresIn: settings.sessionTtlS, updateAge: Math.min(86_400, settings.sessionTtlS) },
    user: {
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => settings.deleteUserData(user.id),
        afterDelete: async (user) => settings.deleteUserData(user.id),
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      customRules: { '/sign-in/*': limit, '/sign-up/*': limit },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [settings.proxyIpHeader ?? CLIENT_IP_HEADER] },
      // better-auth turns its origin and CSRF checks off by itself when NODE_ENV=test or TEST is
      // set; they stay on here whatever the environment says.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    telemetry: { enabled: false },
    logger: { level: 'error' },
  };
}

/**
 * Creates better-auth's tables (user, session, account, verification, rateLimit) when missing.
 * @throws when the database cannot be changed.
 */
export async function migrateAuth(settings: AuthSettings): Promise<void> {
  const { runMigrations } = await getMigrations(authOptions(settings));
  await runMigrations();
}

/** The mounted accounts: the `/api/auth/*` handler and the session check of the sync endpoints. */
export interface AuthService {
  /** Answers `/api/auth/*`; `clientIp` is the socket's address (replaces any client-sent CLIENT_IP_HEADER). */
  handle(req: Request, clientIp: string | null): Promise<Response>;
  /** The account of a request's session cookie, or null. */
  authenticateSession: Authenticate;
  /** Subscribes to sign-outs, revocations and deletions made through this process. @returns unsubscribe. */
  onSessionsChanged(listener: (userId: string) => void): () => void;
}

/** Paths after which a user's sessions may have ended. */
const ENDING_PATHS = /\/(sign-out|revoke-sessions?|revoke-other-sessions|delete-user)$/;

/** Creates the accounts service (better-auth instance) from settings. */
export function createAuthService(settings: AuthSettings): AuthService {
  const auth = betterAuth(authOptions(settings));
  const listeners = new Set<(userId: string) => void>();
  const sessionUser = async (headers: Headers) => (await auth.api.getSession({ headers }))?.user.id ?? null;

  return {
    async handle(req, clientIp) {
      const headers = new Headers(req.headers);
      if (!settings.proxyIpHeader) {
        headers.delete(CLIENT_IP_HEADER);
        if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp);
      }
      const path = new URL(req.url).pathname;
      const ending = req.method === 'POST' && ENDING_PATHS.test(path);
      const userId = ending ? await sessionUser(headers).catch(() => null) : null;
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.body !== null;
      const forwarded = new Request(req.url, {
        method: req.method,
        headers,
        body: hasBody ? req.body : undefined,
        signal: req.signal,
        ...(hasBody ? { duplex: 'half' } : {}),
      });
      const response = await auth.handler(forwarded);
      if (response.status === 429 && !response.headers.has('Retry-After')) {
        const seconds = Number(response.headers.get('X-Retry-After'));
        const out = new Response(response.body, response);
        out.headers.set('Retry-After', String(Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : settings.signInLimit.windowS));
        return out;
      }
      if (userId && response.ok) for (const listener of [...listeners]) listener(userId);
      return response;
    },
    async authenticateSession(req) {
      const userId = await sessionUser(req.headers);
      return userId ? { userId, via: 'session' } : null;
    },
    onSessionsChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
