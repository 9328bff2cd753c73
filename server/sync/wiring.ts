/**
 * The sync server wired for the Node host (docs/sync.md "Wiring"): the store and the accounts on
 * SQLite (default) or Postgres (DATABASE_URL), the session and JWT checks, and the handlers.
 * Accounts live beside the sync tables: on Postgres in the same database and pool; embedded in a
 * second SQLite file next to the sync file (docs/sync.md "Why two SQLite files").
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import type { ClientInfo } from '../../functions/_shared/clientAddress.ts';
import { HttpError } from '../../functions/_shared/httpError.ts';
import { combineAuthenticators } from '../../functions/sync/access.ts';
import { createSyncHandler } from '../../functions/sync/handler.ts';
import { createJwtVerifier } from '../../functions/sync/jwt.ts';
import type { SyncStore } from '../../functions/sync/store.ts';
import { createAuthService, migrateAuth, type AuthService, type AuthSettings } from '../auth';
import { loadAuthSecret } from '../authSecret';
import { preparePrivateDatabase } from '../privateFiles';
import { ownOrigins, readSyncConfig, type SyncConfig } from './syncConfig';
import { withSchemaLock } from './migrations';
import { openPostgresSyncStore } from './postgresStore';
import { openSqliteSyncStore, openSyncDatabase } from './sqliteStore';
import { openPostgresShareStore } from './postgresShares';
import { openSqliteShareStore } from './sqliteShares';
import type { ShareStore } from '../../functions/sync/shareStore.ts';

/** What the host mounts: `/functions/v1/sync/*`, `/api/auth/*`, and the hooks of its start and stop. */
export interface SyncService {
  readonly kind: 'sqlite' | 'postgres';
  readonly config: SyncConfig;
  /** Answers `/functions/v1/sync/*`; `info` names the connection's address (the limits of key recovery count it). */
  handle(req: Request, info?: ClientInfo): Promise<Response>;
  /** Answers `/api/auth/*`; `clientIp` is the socket's remote address. */
  handleAuth(req: Request, clientIp: string | null): Promise<Response>;
  /** Called once the host listens on `url`: its own origins become trusted and accounts start. */
  listening(url: string): void;
  /** Ends live streams (before the server closes). */
  closeStreams(): void;
  /** Closes the databases. */
  close(): Promise<void>;
}

const notReady = () =>
  new Response(JSON.stringify({ error: 'The host is starting: try again shortly' }), {
    status: 503,
    headers: { 'Content-Type': 'application/json' },
  });

/**
 * Opens the databases (creating tables), and builds the service from `env`; `options.now` is the
 * sync handler's clock (tests pass one; sessions keep better-auth's).
 * @throws SyncConfigError for bad settings, or the database's error when it cannot be opened.
 */
export async function createSyncService(env: Record<string, string | undefined>, options: { now?: () => Date } = {}): Promise<SyncService> {
  const config = readSyncConfig(env);
  const secret = loadAuthSecret(config.authSecret, config.authSecretFile);
  let store: SyncStore;
  let shares: ShareStore;
  let database: AuthSettings['database'];
  let closeDatabase: () => Promise<void>;
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.poolMax });
    pool.on('error', (error) => console.error(`[sync] idle Postgres connection failed: ${error.message}`));
    store = await openPostgresSyncStore(pool, config.databaseUrl);
    shares = openPostgresShareStore(pool);
    database = pool;
    closeDatabase = () => pool.end();
  } else {
    const db = openSyncDatabase(config.syncDbPath);
    store = openSqliteSyncStore(db);
    shares = openSqliteShareStore(db);
    preparePrivateDatabase(config.authDbPath);
    const authDb = new Database(config.authDbPath);
    authDb.pragma('journal_mode = WAL');
    authDb.pragma('busy_timeout = 5000');
    authDb.pragma('secure_delete = ON');
    database = authDb;
    closeDatabase = async () => void authDb.close();
  }

  let trusted: string[] = [...config.appOrigins];
  const settings = (baseURL: string): AuthSettings => ({
    database,
    secret,
    baseURL,
    trustedOrigins: () => trusted,
    sessionTtlS: config.sessionTtlS,
    signInLimits: config.signInLimits,
    newAccountKdf: config.newAccountKdf,
    proxyIpHeader: config.proxyIpHeader,
    // An account's shared links go with it (docs/sync.md "Shared links").
    deleteUserData: async (userId) => {
      await store.deleteUser(userId);
      await shares.deleteUser(userId);
    },
    eventsInClear: (userId) => store.countInClear(userId),
    // A new recovery key: the checkpoint verifier registered with the old one is forgotten (docs/sync.md "Key endpoints").
    recoveryKeyReplaced: (userId) => store.setCheckpointVerifier(userId, null),
    forgetClearData: (userId) => store.forgetClearData(userId),
  });
  const migrate = () => migrateAuth(settings(config.appOrigins[0] ?? 'http://127.0.0.1'));
  await (database instanceof pg.Pool ? withSchemaLock(database, migrate) : migrate());

  let auth: AuthService | null = null;
  const ready = (): AuthService => {
    if (!auth) throw new HttpError(503, 'The host is starting: try again shortly');
    return auth;
  };
  const jwt = config.jwt ? createJwtVerifier(config.jwt) : null;
  const sync = createSyncHandler({
    store,
    now: options.now,
    authenticate: combineAuthenticators(async (req) => (auth ? auth.authenticateSession(req) : null), jwt),
    trustedOrigins: () => trusted,
    limits: {
      heartbeatMs: config.heartbeatMs,
      maxDevicesPerAccount: config.maxDevices,
      maxLiveStreamsPerAccount: config.maxStreams,
      bodyTimeoutMs: config.bodyTimeoutMs,
      maxSharesPerAccount: config.maxShares,
      shareReadsPerWindow: config.shareReadsMax,
      shareReadWindowS: config.shareReadsWindowS,
      keepDays: config.keepDays,
    },
    shares,
    onSessionsChanged: (listener) => (auth ? auth.onSessionsChanged(listener) : () => undefined),
    // The keys are better-auth's, which starts once the host listens (before that every call answers 503).
    keys: {
      salt: (...args) => ready().keys.salt(...args),
      read: (...args) => ready().keys.read(...args),
      create: (...args) => ready().keys.create(...args),
      mayReseal: (...args) => ready().keys.mayReseal(...args),
      changePassword: (...args) => ready().keys.changePassword(...args),
      recover: (...args) => ready().keys.recover(...args),
      finishUpgrade: (...args) => ready().keys.finishUpgrade(...args),
      proveRecoveryKey: (...args) => ready().keys.proveRecoveryKey(...args),
    },
    proxyIpHeader: config.proxyIpHeader,
  });

  return {
    kind: store.kind,
    config,
    handle: async (req, info) => (auth ? sync.handle(req, info) : notReady()),
    handleAuth: async (req, clientIp) => (auth ? auth.handle(req, clientIp) : notReady()),
    listening(url) {
      trusted = [...new Set([...config.appOrigins, ...ownOrigins(url)])];
      auth = createAuthService(settings(config.appOrigins[0] ?? new URL(url).origin));
    },
    closeStreams: () => sync.closeStreams(),
    async close() {
      sync.closeStreams();
      await shares.close();
      await store.close();
      await closeDatabase();
    },
  };
}
