/**
 * `POST /functions/v1/sync/reseal` (docs/sync.md "Upgrade"): a device of an account made before
 * end-to-end encryption replaces the account's events in clear by their sealed forms, in place (the
 * same serverSeq and id: the order every device folded stays). Only while the account is being
 * upgraded, and only by a session that proved the password in that upgrade: a stolen session
 * cannot replace the history by ciphertexts no device opens. Once none is left in clear,
 * `POST /upgrade` ends the upgrade.
 */
import { EVENT_SCHEMA_VERSION, newerVersionOf, sealedEnvelopeError, utf8Length, type ResealAnswer } from '../../catalog/index.ts';
import { HttpError } from '../_shared/httpError.ts';
import { requireObject } from '../_shared/requestBody.ts';
import { json, readJson } from './body.ts';
import type { Endpoint } from './context.ts';
import { requireCount, requireDeviceId } from './params.ts';
import { requireOwnDevice } from './pull.ts';
import type { ResealedEvent } from './store.ts';

/**
 * `{deviceId, events: [{serverSeq, event}]}` (at most the push's count and bytes) -> `{resealed,
 * inClear}`: how many were replaced, and how many of the account's events are still in clear. An
 * event that is not sealed, or whose stored event is not in clear or has another id, is left.
 * 409 when the account is not being upgraded; 403 for a session that did not prove the password in it.
 */
export const reseal: Endpoint = async (call) => {
  const body = requireObject(await readJson(call.req, call.limits.maxPushBytes));
  const deviceId = requireDeviceId(body.deviceId);
  const list = body.events;
  if (!Array.isArray(list) || list.length === 0 || list.length > call.limits.maxEventsPerPush)
    throw new HttpError(400, `events must be 1-${call.limits.maxEventsPerPush} {serverSeq, event}`);
  const events: ResealedEvent[] = list.map((raw: unknown, index) => {
    const item = requireObject(raw);
    const serverSeq = requireCount(item.serverSeq, `events[${index}].serverSeq`);
    const event = requireObject(item.event);
    const newer = newerVersionOf(event);
    const reason =
      newer !== null ? `schema version ${newer} is newer than this server's (${EVENT_SCHEMA_VERSION})` : sealedEnvelopeError(event);
    if (reason) throw new HttpError(400, `events[${index}]: ${reason}`);
    const text = JSON.stringify(event);
    return { serverSeq, id: event.id as string, body: text, bytes: utf8Length(text) };
  });
  if (!call.keys) throw new HttpError(409, 'This account is not being upgraded');
  await call.keys.mayReseal(call.identity, { headers: call.req.headers, address: call.clientAddress });
  await requireOwnDevice(call, deviceId);
  const resealed = await call.store.reseal(call.identity.userId, events);
  return json(200, { resealed, inClear: await call.store.countInClear(call.identity.userId) } satisfies ResealAnswer, call.headers);
};
