/**
 * The sync protocol's web-standard handler (docs/sync.md): routes `/functions/v1/sync/{endpoint}`
 * by method, checks the caller (cookie origin, then session or JWT) and maps errors to JSON
 * `{error}` answers. Storage failures answer 503; nothing here knows whether the store is SQLite
 * or Postgres.
 */
import type { FunctionHandler } from '../_shared/http.ts';
import { HttpError } from '../_shared/httpError.ts';
import { dropBody } from '../_shared/requestBody.ts';
import { checkCookieOrigin, trustedOrigin } from './access.ts';
import { acceptsGzip, answerHeaders, json, withBodyDeadline } from './body.ts';
import { clientAddress } from '../_shared/clientAddress.ts';
import type { ClientInfo } from '../_shared/clientAddress.ts';
import type { Endpoint, OpenCall, OpenEndpoint, SyncDeps } from './context.ts';
import type { SyncLimits } from './syncLimits.ts';
import { registerCheckpointVerifier } from './checkpointVerifier.ts';
import { listDevices } from './devices.ts';
import { changePassword, createKeys, finishUpgrade, readKeys, recover, salt } from './keyEndpoints.ts';
import { DEFAULT_SYNC_LIMITS } from './syncLimits.ts';
import { createLiveStreams, live } from './live.ts';
import { head, pull } from './pull.ts';
import { push } from './push.ts';
import { reseal } from './reseal.ts';
import { getSnapshot, putSnapshot } from './snapshot.ts';
import { createMemoryRateLimiter } from '../_shared/rateLimit.ts';
import { deleteShare, getShare, listShares, putShare, type ShareEndpointDeps } from './shareEndpoints.ts';

/** The handler plus what the host needs to stop it. */
export interface SyncHandler {
  handle: FunctionHandler;
  /** Ends every open live stream (the host calls it before closing its server). */
  closeStreams(): void;
  /** Open live streams in this process. */
  openStreams(): number;
}

const ALLOWED_HEADERS = 'authorization, content-type, content-encoding';

/** Creates the sync handler from its dependencies. */
export function createSyncHandler(deps: SyncDeps): SyncHandler {
  const limits = { ...DEFAULT_SYNC_LIMITS, ...deps.limits };
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? console;
  const streams = createLiveStreams();
  const shares = shareDeps(deps, limits, now);

  /** Endpoints by name and method; `{open}` ones need no sign-in. */
  const routes: Record<string, Record<string, Endpoint | { open: OpenEndpoint }>> = {
    push: { POST: push },
    pull: { GET: pull },
    head: { GET: head },
    live: { GET: (call) => live(call, { streams, reauthenticate: deps.authenticate, onSessionsChanged: deps.onSessionsChanged }) },
    snapshot: { GET: getSnapshot, PUT: putSnapshot },
    devices: { GET: listDevices },
    salt: { POST: { open: salt } },
    keys: { GET: readKeys, PUT: createKeys },
    password: { POST: changePassword },
    recover: { POST: { open: recover } },
    upgrade: { POST: finishUpgrade },
    reseal: { POST: reseal },
    'checkpoint-verifier': { POST: registerCheckpointVerifier },
    share: {
      GET: { open: (call) => getShare(call, shares) },
      PUT: (call) => putShare(call, shares),
      DELETE: (call) => deleteShare(call, shares),
    },
    shares: { GET: (call) => listShares(call, shares) },
  };

  const handle: FunctionHandler = async (req, info?: ClientInfo) => {
    const url = new URL(req.url);
    const origin = trustedOrigin(req, deps.trustedOrigins());
    const headers = answerHeaders(origin);
    let bodyUsed = false;
    try {
      const name = /\/sync\/([a-z]+(?:-[a-z]+)*)\/?$/.exec(url.pathname)?.[1] ?? '';
      const route = Object.prototype.hasOwnProperty.call(routes, name) ? routes[name] : undefined;
      if (!route) throw new HttpError(404, `Unknown sync endpoint "${name.slice(0, 40)}"`);
      const allow = [...Object.keys(route), 'OPTIONS'].join(', ');
      if (req.method === 'OPTIONS') {
        const preflight: Record<string, string> = origin
          ? { 'Access-Control-Allow-Methods': allow, 'Access-Control-Allow-Headers': ALLOWED_HEADERS, 'Access-Control-Max-Age': '600' }
          : {};
        return new Response(null, { status: 204, headers: { ...headers, ...preflight } });
      }
      const endpoint = Object.prototype.hasOwnProperty.call(route, req.method) ? route[req.method] : undefined;
      if (!endpoint) throw new HttpError(405, `Method ${req.method} is not allowed here: use ${allow}`, { Allow: allow });
      checkCookieOrigin(req, deps.trustedOrigins());
      const open: OpenCall = {
        req: withBodyDeadline(req, limits.bodyTimeoutMs),
        url,
        store: deps.store,
        limits,
        now,
        log,
        headers,
        gzip: acceptsGzip(req),
        keys: deps.keys,
        clientAddress: clientAddress(req, info, deps.proxyIpHeader ?? null),
      };
      if (typeof endpoint === 'object') {
        bodyUsed = true;
        return await endpoint.open(open);
      }
      const identity = await deps.authenticate(req);
      if (!identity) throw new HttpError(401, 'Sign-in required: the session is missing or expired');
      bodyUsed = true;
      const call = { ...open, identity };
      return await endpoint(call);
    } catch (error) {
      if (!bodyUsed && req.body && !req.bodyUsed) {
        // Refused before the body was read: drop it so the client reads this answer, then close.
        await dropBody(req);
        headers.Connection = 'close';
      }
      if (error instanceof HttpError) return json(error.status, { error: error.message }, { ...headers, ...error.headers });
      log.error(`[sync] storage or internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return json(503, { error: 'Sync is unavailable right now: try again shortly' }, headers);
    }
  };

  return { handle, closeStreams: () => streams.closeAll(), openStreams: () => streams.size };
}

/** A minute: expired copies of shared links are swept at most this often (each read of one deletes it at once anyway). */
const SHARE_SWEEP_MS = 60_000;

/** The share endpoints' parts: the store, the per-address limit of reads, and a sweep of expired copies run at most once a minute. */
function shareDeps(deps: SyncDeps, limits: SyncLimits, now: () => Date): ShareEndpointDeps {
  let sweptAt = -Infinity;
  return {
    store: deps.shares,
    reads:
      deps.shareReads ??
      createMemoryRateLimiter({ max: limits.shareReadsPerWindow, windowS: limits.shareReadWindowS }, () => now().getTime()),
    async sweep(at) {
      if (!deps.shares || at.getTime() - sweptAt < SHARE_SWEEP_MS) return;
      sweptAt = at.getTime();
      await deps.shares.expire(at);
    },
  };
}
