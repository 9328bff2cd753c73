/**
 * Accounts (docs/sync.md "Accounts"): better-auth with e-mail and password, mounted at
 * `/api/auth/*`. Sessions are better-auth's (cookie `better-auth.session_token`), stored in the
 * same database kind as the sync tables. Failed sign-ins are limited per account and per client
 * address, sign-ups per address (docs/sync.md "Sign-in limits"), with counts in that database (so
 * the limits hold across hosts on Postgres); every 429 carries a standard `Retry-After`. The host
 * never sees a password: what better-auth gets as one is the device's login secret, and sign-up
 * carries the account's wrapped keys (docs/sync.md "Keys"), stored with the user; better-auth's own
 * password changes are refused (they would not re-wrap the keys). Sign-up and `/update-user`
 * refuse long names (catalog/passwordPolicy.ts), sign-up and sign-in long e-mails (catalog/keys.ts),
 * and sign-up takes only the KDF parameters the salt endpoint answers for the e-mail, so the salt
 * never tells whether an address was new (docs/sync.md "What errors reveal"). Account deletion
 * needs the login secret, checked as a sign-in, and removes the account's sync data through
 * `deleteUserData`. What the endpoints accept is checked in better-auth's before hook (authBeforeHook.ts).
 */
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { isAPIError } from 'better-auth/api';
import { getMigrations } from 'better-auth/db/migration';
import type Database from 'better-sqlite3';
import type pg from 'pg';
import type { KdfParams } from '../catalog/keys.ts';
import type { Authenticate } from '../functions/sync/access.ts';
import type { AccountKeys } from '../functions/sync/accountKeyStore.ts';
import { createAccountKeys } from './accountKeys';
import { openAttemptStore } from './attemptStore';
import { beforeHook, CLIENT_IP_HEADER, REQUEST_ID_HEADER, type AuthHooks } from './authBeforeHook';
import { openKeyStore } from './keyStore';
import { createSignInLimiter, type SignInLimitSettings, type SignInOutcome } from './signInLimits';

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
  /** Failed sign-ins per account and per address, sign-ups per address. */
  signInLimits: SignInLimitSettings;
  /** The Argon2id cost of new accounts and of the made-up salts of unknown e-mails. */
  newAccountKdf: Omit<KdfParams, 'salt'>;
  /** A header set by a trusted proxy naming the client (e.g. x-forwarded-for); null: the socket's address. */
  proxyIpHeader: string | null;
  /** Removes the account's sync data (called before and after better-auth deletes the user). */
  deleteUserData: (userId: string) => Promise<void>;
  /** Events of the account still in clear (left by a build before end-to-end encryption). */
  eventsInClear: (userId: string) => Promise<number>;
  /** Removes what an older build left in clear beside the events (checkpoint, device names). */
  forgetClearData: (userId: string) => Promise<void>;
  /** The account's recovery key was replaced: what was registered with the old one (the checkpoint verifier) is forgotten. */
  recoveryKeyReplaced: (userId: string) => Promise<void>;
}

/** The better-auth options of these settings (`hooks`: the limiter; without it, for migrations, no hook). */
function authOptions(settings: AuthSettings, hooks?: AuthHooks): BetterAuthOptions {
  return {
    database: settings.database,
    secret: settings.secret,
    baseURL: settings.baseURL,
    trustedOrigins: () => settings.trustedOrigins(),
    // autoSignIn false: sign-up answers the same for a new and an existing address (docs/sync.md "What errors reveal").
    emailAndPassword: { enabled: true, autoSignIn: false, minPasswordLength: 8, maxPasswordLength: 256 },
    session: { expiresIn: settings.sessionTtlS, updateAge: Math.min(86_400, settings.sessionTtlS) },
    user: {
      // The account's wrapped keys, written with the user at sign-up, never returned by better-auth.
      additionalFields: { notepadKeys: { type: 'string', required: false, input: true, returned: false } },
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => settings.deleteUserData(user.id),
        afterDelete: async (user) => settings.deleteUserData(user.id),
      },
    },
    // better-auth's own per-address limits stay on for its other paths; the two above are limited by the hook.
    rateLimit: {
      enabled: true,
      storage: 'database',
      customRules: { '/sign-in/email': false, '/sign-up/email': false },
    },
    ...(hooks ? { hooks: { before: beforeHook(settings.proxyIpHeader, hooks) } } : {}),
    advanced: {
      ipAddress: { ipAddressHeaders: settings.proxyIpHeader ? [settings.proxyIpHeader, CLIENT_IP_HEADER] : [CLIENT_IP_HEADER] },
      // better-auth turns its origin and CSRF checks off by itself when NODE_ENV=test or TEST is
      // set; they stay on here whatever the environment says.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    // A refused sign-in, sign-up or origin is the client's error, answered as such: only the host's own failures are logged.
    onAPIError: {
      onError(error) {
        if (isAPIError(error) && error.statusCode < 500) return;
        console.error(`[auth] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      },
    },
    telemetry: { enabled: false },
    logger: { level: 'error' },
  };
}

/**
 * Creates better-auth's tables (user, session, account, verification, rateLimit) and the attempt
 * counters' table when missing. @throws when the database cannot be changed.
 */
export async function migrateAuth(settings: AuthSettings): Promise<void> {
  const { runMigrations } = await getMigrations(authOptions(settings));
  await runMigrations();
  await openAttemptStore(settings.database).migrate();
  await openKeyStore(settings.database).migrate();
}

/** The mounted accounts: the `/api/auth/*` handler and the session check of the sync endpoints. */
export interface AuthService {
  /** Answers `/api/auth/*`; `clientIp` is the socket's address (replaces any client-sent CLIENT_IP_HEADER). */
  handle(req: Request, clientIp: string | null): Promise<Response>;
  /** The account of a request's session cookie, or null. */
  authenticateSession: Authenticate;
  /** Subscribes to sign-outs, revocations and deletions made through this process. @returns unsubscribe. */
  onSessionsChanged(listener: (userId: string) => void): () => void;
  /** The accounts' keys (docs/sync.md "Keys"), served by the sync handler. */
  keys: AccountKeys;
}

/** How a counted attempt ended by its answer: 401 is a wrong e-mail or password, and so is a deletion's 400 `INVALID_PASSWORD`; any other failure never checked one. */
async function outcomeOf(response: Response): Promise<SignInOutcome> {
  if (response.ok) return 'success';
  if (response.status === 401) return 'failure';
  if (response.status !== 400) return 'not-tried';
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  return body?.code === 'INVALID_PASSWORD' ? 'failure' : 'not-tried';
}

/** Paths after which a user's sessions may have ended. */
const ENDING_PATHS = /\/(sign-out|revoke-sessions?|revoke-other-sessions|delete-user)$/;

/** Creates the accounts service (better-auth instance) from settings. */
export function createAuthService(settings: AuthSettings): AuthService {
  const hooks: AuthHooks = {
    limiter: createSignInLimiter(openAttemptStore(settings.database), settings.signInLimits),
    attempts: new Map(),
    salt: (email) => keys.salt(email),
    sessionEmail: async (headers) => (await auth.api.getSession({ headers, query: { disableCookieCache: true } }))?.user.email ?? null,
  };
  const auth = betterAuth(authOptions(settings, hooks));
  /** Records how the request's counted sign-in, if any, ended; a storage failure is logged, the answer still goes out. */
  const settleAttempt = async (requestId: string, outcome: SignInOutcome | Response) => {
    const attempt = hooks.attempts.get(requestId);
    if (!attempt) return;
    if (outcome instanceof Response) outcome = await outcomeOf(outcome);
    hooks.attempts.delete(requestId);
    await hooks.limiter
      .endSignIn(attempt, outcome)
      .catch((error: unknown) =>
        console.error(`[auth] recording a sign-in's outcome failed: ${error instanceof Error ? error.message : String(error)}`),
      );
  };
  const listeners = new Set<(userId: string) => void>();
  const sessionUser = async (headers: Headers) => (await auth.api.getSession({ headers }))?.user.id ?? null;
  const keys = createAccountKeys({
    store: openKeyStore(settings.database),
    limiter: hooks.limiter,
    secret: settings.secret,
    newAccountKdf: settings.newAccountKdf,
    hash: async (password) => (await auth.$context).password.hash(password),
    verify: async (hash, password) => (await auth.$context).password.verify({ hash, password }),
    async session(headers) {
      const found = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
      return found ? { email: found.user.email, token: found.session.token } : null;
    },
    eventsInClear: settings.eventsInClear,
    forgetClearData: settings.forgetClearData,
    recoveryKeyReplaced: settings.recoveryKeyReplaced,
    sessionsEnded: (userId) => [...listeners].forEach((listener) => listener(userId)),
  });

  return {
    async handle(req, clientIp) {
      const headers = new Headers(req.headers);
      const requestId = crypto.randomUUID();
      headers.set(REQUEST_ID_HEADER, requestId);
      headers.delete(CLIENT_IP_HEADER);
      if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp);
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
      let response: Response;
      try {
        response = await auth.handler(forwarded);
      } catch (error) {
        await settleAttempt(requestId, 'not-tried');
        throw error;
      }
      await settleAttempt(requestId, response);
      if (response.status === 429 && !response.headers.has('Retry-After')) {
        const seconds = Number(response.headers.get('X-Retry-After'));
        const out = new Response(response.body, response);
        out.headers.set('Retry-After', String(Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60));
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
    keys,
  };
}
