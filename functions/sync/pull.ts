/**
 * `GET /functions/v1/sync/pull` and `GET /functions/v1/sync/head` (docs/sync.md "pull", "head"):
 * a page of the account's log after a serverSeq, built from the stored JSON texts without parsing
 * them, gzip-compressed when accepted; the head alone for a cheap check.
 */
import { eventsDroppedMessage } from '../../catalog/index.ts';
import { HttpError } from '../_shared/httpError.ts';
import { json, jsonText } from './body.ts';
import type { Endpoint, SyncCall } from './context.ts';
import { intParam, requireDeviceId } from './params.ts';
import { DROPPED_BODY } from './store.ts';

/**
 * Checks the `deviceId` query parameter and that the device is the caller's (binding it on first
 * use). @throws HttpError 400 for a bad id, 403 for a device of another account.
 */
export async function useQueryDevice(call: SyncCall): Promise<string> {
  const deviceId = requireDeviceId(call.url.searchParams.get('deviceId'));
  await requireOwnDevice(call, deviceId);
  return deviceId;
}

/** @throws HttpError 403 when `deviceId` is bound to another account (the message says nothing of it). */
export async function requireOwnDevice(call: SyncCall, deviceId: string): Promise<void> {
  if (!(await call.store.useDevice(call.identity.userId, deviceId, call.now(), call.limits.maxDevicesPerAccount))) {
    throw new HttpError(403, 'This deviceId cannot be used by this account: generate a new random one');
  }
}

/** 410 `{error, floor}`: events up to `floor` were dropped, the device starts again from the checkpoint. */
const dropped = (call: SyncCall, floor: number) => json(410, { error: eventsDroppedMessage(floor), floor }, call.headers);

/**
 * `?deviceId&after=N&limit=L` -> `{events: [{serverSeq, deviceId, event}], head, more}`; 410
 * `{error, floor}` when N is below the account's floor (docs/sync.md "pull").
 */
export const pull: Endpoint = async (call) => {
  await useQueryDevice(call);
  const userId = call.identity.userId;
  const after = intParam(call.url, 'after', 0, 0, Number.MAX_SAFE_INTEGER);
  const limit = intParam(call.url, 'limit', call.limits.maxPullEvents, 1, call.limits.maxPullEvents);
  const floor = await call.store.floor(userId);
  if (after < floor) return dropped(call, floor);
  const page = await call.store.pull(userId, after, limit, call.limits.maxPullBytes);
  // A checkpoint dropped events between the floor read and the page: never serve an emptied one.
  if (page.events.some((e) => e.body === DROPPED_BODY)) return dropped(call, await call.store.floor(userId));
  const events = page.events.map((e) => `{"serverSeq":${e.serverSeq},"deviceId":${JSON.stringify(e.deviceId)},"event":${e.body}}`);
  return jsonText(200, `{"events":[${events.join(',')}],"head":${page.head},"more":${page.more}}`, call.headers, call.gzip);
};

/** `?deviceId` -> `{head, floor}`. */
export const head: Endpoint = async (call) => {
  await useQueryDevice(call);
  const userId = call.identity.userId;
  const [head, floor] = await Promise.all([call.store.head(userId), call.store.floor(userId)]);
  return json(200, { head, floor }, call.headers);
};
