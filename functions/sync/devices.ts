/**
 * `PUT /functions/v1/sync/device` and `GET /functions/v1/sync/devices` (docs/sync.md "device and devices"):
 * a device names itself; the account lists its own devices.
 */
import { HttpError, requireObject } from '../_shared/http.ts';
import { json, readJson } from './body.ts';
import type { Endpoint } from './context.ts';
import { hasControlCharacter, requireDeviceId } from './params.ts';
import { requireOwnDevice, useQueryDevice } from './pull.ts';

/** `{deviceId, name}` -> `{deviceId, name}`: name 1-80 characters (trimmed), no control characters. */
export const nameDevice: Endpoint = async (call) => {
  const body = requireObject(await readJson(call.req, call.limits.maxSmallBodyBytes));
  const deviceId = requireDeviceId(body.deviceId);
  const name = typeof body.name === 'string' ? body.name.trim() : null;
  if (name === null || name.length === 0 || [...name].length > call.limits.maxDeviceName || hasControlCharacter(name)) {
    throw new HttpError(400, `name must be 1-${call.limits.maxDeviceName} characters without control characters`);
  }
  await requireOwnDevice(call, deviceId);
  await call.store.nameDevice(call.identity.userId, deviceId, name);
  return json(200, { deviceId, name }, call.headers);
};

/** `?deviceId` -> `{devices: [{deviceId, name, createdAt, lastSeenAt}]}` of the caller's account only. */
export const listDevices: Endpoint = async (call) => {
  await useQueryDevice(call);
  return json(200, { devices: await call.store.listDevices(call.identity.userId) }, call.headers, call.gzip);
};
