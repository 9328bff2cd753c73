/**
 * `GET /functions/v1/sync/devices` (docs/sync.md "devices"): the account lists its own devices, a
 * page at a time. Devices name themselves only in their sealed `device.named` events: the host
 * keeps no name (docs/sync.md "What the host can see").
 */
import { HttpError } from '../_shared/httpError.ts';
import { json } from './body.ts';
import type { Endpoint } from './context.ts';
import { DEVICE_ID_PATTERN } from './syncLimits.ts';
import { intParam } from './params.ts';
import { useQueryDevice } from './pull.ts';
import type { DeviceCursor, DeviceRecord } from './store.ts';

/** The opaque cursor after `device`: base64url of `[createdAt, deviceId]`. */
function cursorAfter(device: DeviceRecord): string {
  return btoa(JSON.stringify([device.createdAt, device.deviceId]))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The `cursor` query parameter, or null when absent. @throws HttpError 400 for one this server did not give. */
function readCursor(url: URL): DeviceCursor | null {
  const raw = url.searchParams.get('cursor');
  if (raw === null) return null;
  try {
    if (raw.length > 200) throw new Error('too long');
    const [createdAt, deviceId] = JSON.parse(atob(raw.replace(/-/g, '+').replace(/_/g, '/'))) as unknown[];
    if (
      typeof createdAt === 'string' &&
      !Number.isNaN(Date.parse(createdAt)) &&
      typeof deviceId === 'string' &&
      DEVICE_ID_PATTERN.test(deviceId)
    ) {
      return { createdAt: new Date(createdAt).toISOString(), deviceId };
    }
  } catch {
    // Refused below.
  }
  throw new HttpError(400, 'cursor must be a nextCursor this server gave');
}

/**
 * `?deviceId[&limit=L][&cursor=C]` -> `{devices: [{deviceId, name, createdAt, lastSeenAt}], nextCursor}` of the
 * caller's account only, oldest first: at most `limit` (1-100, default 100); `nextCursor` (null on the
 * last page) asks for the next page.
 */
export const listDevices: Endpoint = async (call) => {
  await useQueryDevice(call);
  const limit = intParam(call.url, 'limit', call.limits.maxDevicesPage, 1, call.limits.maxDevicesPage);
  const after = readCursor(call.url);
  const found = await call.store.listDevices(call.identity.userId, { after, limit: limit + 1 });
  const devices = found.slice(0, limit);
  const nextCursor = found.length > limit ? cursorAfter(devices[devices.length - 1]) : null;
  return json(200, { devices, nextCursor }, call.headers, call.gzip);
};
