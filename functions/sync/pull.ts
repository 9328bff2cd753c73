/**
 * `GET /functions/v1/sync/pull` and `GET /functions/v1/sync/head` (docs/sync.md "pull", "head"):
 * a page of the account's log after a serverSeq, built from the stored JSON texts without parsing
 * them, gzip-compressed when accepted; the head alone for a cheap check.
 */
import { HttpError } from '../_shared/http.ts';
import { json, jsonText } from './body.ts';
import type { Endpoint, SyncCall } from './context.ts';
import { intParam, requireDeviceId } from './params.ts';

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

/** `?deviceId&after=N&limit=L` -> `{events: [{serverSeq, deviceId, event}], head, more}`. */
export const pull: Endpoint = async (call) => {
  await useQueryDevice(call);
  const after = intParam(call.url, 'after', 0, 0, Number.MAX_SAFE_INTEGER);
  const limit = intParam(call.url, 'limit', call.limits.maxPullEvents, 1, call.limits.maxPullEvents);
  const page = await call.store.pull(call.identity.userId, after, limit, call.limits.maxPullBytes);
  const events = page.events.map((e) => `{"serverSeq":${e.serverSeq},"deviceId":${JSON.stringify(e.deviceId)},"event":${e.body}}`);
  return jsonText(200, `{"events":[${events.join(',')}],"head":${page.head},"more":${page.more}}`, call.headers, call.gzip);
};

/** `?deviceId` -> `{head}`. */
export const head: Endpoint = async (call) => {
  await useQueryDevice(call);
  return json(200, { head: await call.store.head(call.identity.userId) }, call.headers);
};
