/**
 * The sync server's settings from the environment (docs/sync.md "Configuration"). Empty values
 * count as unset; an unusable value stops the host at start with a message naming the variable.
 */
import { dirname, join } from 'node:path';
import { DEFAULT_KDF, kdfError, type KdfParams } from '../../catalog/keys.ts';
import { DEFAULT_SYNC_LIMITS } from '../../functions/sync/syncLimits.ts';
import { DEFAULT_SIGN_IN_LIMITS, type SignInLimitSettings } from '../signInLimits';
import { DEFAULT_SYNC_DB_PATH } from './sqliteStore';

/** Settings read from the environment. Times in seconds unless named otherwise. */
export interface SyncConfig {
  /** Postgres URL for accounts and events; null: the embedded SQLite files. */
  databaseUrl: string | null;
  poolMax: number;
  syncDbPath: string;
  authDbPath: string;
  authSecret: string | undefined;
  authSecretFile: string;
  /** Extra trusted origins (APP_ORIGIN); the first is the public base URL when set. */
  appOrigins: string[];
  sessionTtlS: number;
  /** Failed sign-ins per account and per address, sign-ups per address (docs/sync.md "Sign-in limits"). */
  signInLimits: SignInLimitSettings;
  /** The Argon2id cost of new accounts, and of the made-up salts of unknown e-mails (docs/sync.md "Keys"). */
  newAccountKdf: Omit<KdfParams, 'salt'>;
  proxyIpHeader: string | null;
  jwt: { jwksUrl: string; issuer: string; audience: string } | null;
  heartbeatMs: number;
  /** Device ids per account (binding one more releases the one seen longest ago). */
  maxDevices: number;
  /** Live streams per account on one host process. */
  maxStreams: number;
  /** Deadline of a sync request body in ms. */
  bodyTimeoutMs: number;
  /** Live shared links per account, and reads of shared copies per address per window (docs/sync.md "Shared links"). */
  maxShares: number;
  shareReadsMax: number;
  shareReadsWindowS: number;
  /** Days covered events are kept before a checkpoint with the account key's proof drops them (0: at once). */
  keepDays: number;
}

/** Thrown for an unusable setting. */
class SyncConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SyncConfigError';
  }
}

const positiveInt = (name: string, raw: string | undefined, fallback: number): number => {
  if (raw === undefined) return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value <= 0) throw new SyncConfigError(`${name} must be a whole number above 0 (got "${raw}")`);
  return value;
};

const wholeNumber = (name: string, raw: string | undefined, fallback: number): number => {
  if (raw === undefined) return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value)) throw new SyncConfigError(`${name} must be a whole number from 0 (got "${raw}")`);
  return value;
};

const httpOrigin = (name: string, raw: string): string => {
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // fall through
  }
  throw new SyncConfigError(`${name} must list http(s) origins such as https://notes.example.com (got "${raw}")`);
};

/**
 * Reads the settings. @throws SyncConfigError for a bad number, origin or URL, or AUTH_JWKS_URL
 * without AUTH_JWT_ISSUER.
 */
export function readSyncConfig(env: Record<string, string | undefined>): SyncConfig {
  const get = (name: string) => (env[name]?.trim() ? env[name].trim() : undefined);
  const syncDbPath = get('SYNC_DB_PATH') ?? DEFAULT_SYNC_DB_PATH;
  const dataDir = syncDbPath === ':memory:' ? 'data' : dirname(syncDbPath);
  const databaseUrl = get('DATABASE_URL') ?? null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new SyncConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  const jwksUrl = get('AUTH_JWKS_URL');
  let jwt: SyncConfig['jwt'] = null;
  if (jwksUrl) {
    httpOrigin('AUTH_JWKS_URL', jwksUrl);
    const issuer = get('AUTH_JWT_ISSUER');
    if (!issuer) throw new SyncConfigError('AUTH_JWT_ISSUER must be set with AUTH_JWKS_URL (e.g. https://<project>.supabase.co/auth/v1)');
    jwt = { jwksUrl, issuer, audience: get('AUTH_JWT_AUDIENCE') ?? 'authenticated' };
  }
  const newAccountKdf = {
    ...DEFAULT_KDF,
    memoryKiB: positiveInt('AUTH_KDF_MEMORY_KIB', get('AUTH_KDF_MEMORY_KIB'), DEFAULT_KDF.memoryKiB),
    iterations: positiveInt('AUTH_KDF_ITERATIONS', get('AUTH_KDF_ITERATIONS'), DEFAULT_KDF.iterations),
  };
  const badKdf = kdfError({ ...newAccountKdf, salt: 'A'.repeat(22) });
  if (badKdf) throw new SyncConfigError(`AUTH_KDF_MEMORY_KIB and AUTH_KDF_ITERATIONS: ${badKdf.replace('kdf.', '')}`);
  return {
    databaseUrl,
    poolMax: positiveInt('DATABASE_POOL_MAX', get('DATABASE_POOL_MAX'), 20),
    syncDbPath,
    authDbPath: get('AUTH_DB_PATH') ?? (syncDbPath === ':memory:' ? ':memory:' : join(dataDir, 'auth.sqlite')),
    authSecret: get('AUTH_SECRET'),
    authSecretFile: get('AUTH_SECRET_FILE') ?? join(dataDir, 'auth-secret'),
    appOrigins: (get('APP_ORIGIN') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((origin) => httpOrigin('APP_ORIGIN', origin)),
    sessionTtlS: positiveInt('AUTH_SESSION_TTL_S', get('AUTH_SESSION_TTL_S'), 30 * 86_400),
    signInLimits: {
      accountFailures: positiveInt('AUTH_ACCOUNT_FAILURES', get('AUTH_ACCOUNT_FAILURES'), DEFAULT_SIGN_IN_LIMITS.accountFailures),
      accountDelayS: positiveInt('AUTH_ACCOUNT_DELAY_S', get('AUTH_ACCOUNT_DELAY_S'), DEFAULT_SIGN_IN_LIMITS.accountDelayS),
      accountDelayMaxS: positiveInt('AUTH_ACCOUNT_DELAY_MAX_S', get('AUTH_ACCOUNT_DELAY_MAX_S'), DEFAULT_SIGN_IN_LIMITS.accountDelayMaxS),
      addressFailures: positiveInt('AUTH_ADDRESS_FAILURES', get('AUTH_ADDRESS_FAILURES'), DEFAULT_SIGN_IN_LIMITS.addressFailures),
      addressWindowS: positiveInt('AUTH_ADDRESS_WINDOW_S', get('AUTH_ADDRESS_WINDOW_S'), DEFAULT_SIGN_IN_LIMITS.addressWindowS),
      signUpMax: positiveInt('AUTH_SIGNUP_MAX', get('AUTH_SIGNUP_MAX'), DEFAULT_SIGN_IN_LIMITS.signUpMax),
      signUpWindowS: positiveInt('AUTH_SIGNUP_WINDOW_S', get('AUTH_SIGNUP_WINDOW_S'), DEFAULT_SIGN_IN_LIMITS.signUpWindowS),
    },
    newAccountKdf,
    proxyIpHeader: get('AUTH_PROXY_IP_HEADER')?.toLowerCase() ?? null,
    jwt,
    heartbeatMs: positiveInt('SYNC_HEARTBEAT_MS', get('SYNC_HEARTBEAT_MS'), DEFAULT_SYNC_LIMITS.heartbeatMs),
    maxDevices: positiveInt('SYNC_MAX_DEVICES', get('SYNC_MAX_DEVICES'), DEFAULT_SYNC_LIMITS.maxDevicesPerAccount),
    maxStreams: positiveInt('SYNC_MAX_STREAMS', get('SYNC_MAX_STREAMS'), DEFAULT_SYNC_LIMITS.maxLiveStreamsPerAccount),
    bodyTimeoutMs: positiveInt('SYNC_BODY_TIMEOUT_MS', get('SYNC_BODY_TIMEOUT_MS'), DEFAULT_SYNC_LIMITS.bodyTimeoutMs),
    maxShares: positiveInt('SYNC_MAX_SHARES', get('SYNC_MAX_SHARES'), DEFAULT_SYNC_LIMITS.maxSharesPerAccount),
    shareReadsMax: positiveInt('SHARE_READS_MAX', get('SHARE_READS_MAX'), DEFAULT_SYNC_LIMITS.shareReadsPerWindow),
    shareReadsWindowS: positiveInt('SHARE_READS_WINDOW_S', get('SHARE_READS_WINDOW_S'), DEFAULT_SYNC_LIMITS.shareReadWindowS),
    keepDays: wholeNumber('SYNC_KEEP_DAYS', get('SYNC_KEEP_DAYS'), DEFAULT_SYNC_LIMITS.keepDays),
  };
}

/** The host's own origins for the URL it listens on: 127.0.0.1 and localhost name the same host. */
export function ownOrigins(listeningUrl: string): string[] {
  const url = new URL(listeningUrl);
  const origins = new Set([url.origin]);
  const loopback = ['127.0.0.1', 'localhost', '[::1]', '0.0.0.0', '[::]'];
  if (loopback.includes(url.hostname)) {
    for (const name of ['127.0.0.1', 'localhost']) origins.add(`${url.protocol}//${name}:${url.port}`);
  }
  return [...origins];
}
