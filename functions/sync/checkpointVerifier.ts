/**
 * `POST /functions/v1/sync/checkpoint-verifier` (docs/sync.md "Key endpoints"): a device holding
 * the account key registers the verifier of its checkpoint proof, proving the recovery key as
 * `recover` does, so that only checkpoints uploaded with that proof let the host drop events
 * (docs/sync.md "snapshot"). A stolen session has neither proof.
 */
import { SECRET_PATTERN } from '../../catalog/index.ts';
import { HttpError } from '../_shared/httpError.ts';
import { requireObject } from '../_shared/requestBody.ts';
import { json, readJson } from './body.ts';
import type { Endpoint } from './context.ts';
import { requireDeviceId } from './params.ts';
import { requireOwnDevice } from './pull.ts';

/** `value` as 32 bytes in base64url. @throws HttpError 400 naming `field`. */
function requireProofField(value: unknown, field: string): string {
  if (typeof value !== 'string' || !SECRET_PATTERN.test(value)) throw new HttpError(400, `${field} must be 32 bytes in base64url`);
  return value;
}

/**
 * `{deviceId, recoveryProof, verifier}` -> `{ok: true}`: the account's checkpoint verifier replaced
 * by `verifier`. 401 a wrong recovery proof (counted as a failed recovery), 409 an account without
 * keys in use, 404 a host that keeps no account keys.
 */
export const registerCheckpointVerifier: Endpoint = async (call) => {
  const body = requireObject(await readJson(call.req, call.limits.maxSmallBodyBytes));
  const deviceId = requireDeviceId(body.deviceId);
  const recoveryProof = requireProofField(body.recoveryProof, 'recoveryProof');
  const verifier = requireProofField(body.verifier, 'verifier');
  if (!call.keys) throw new HttpError(404, 'This host keeps no account keys');
  await requireOwnDevice(call, deviceId);
  await call.keys.proveRecoveryKey(call.identity, { headers: call.req.headers, address: call.clientAddress }, recoveryProof);
  await call.store.setCheckpointVerifier(call.identity.userId, verifier);
  return json(200, { ok: true }, call.headers);
};
