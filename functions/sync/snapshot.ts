/**
 * `PUT` and `GET /functions/v1/sync/snapshot` (docs/sync.md "snapshot"): a device uploads the
 * account's folded notes at a serverSeq, a new device downloads it and pulls only what follows.
 * The server never folds nor reads it: the notes are sealed on the device (`c`, docs/sync.md
 * "What the host can see"); it keeps the latest snapshot per account.
 */
import {
  CHECKPOINT_FORMAT,
  CHECKPOINT_PROOF_REFUSED,
  CHECKPOINT_VERIFIER_MISSING,
  checkpointVerifierOf,
  SECRET_PATTERN,
  sealedLength,
} from '../../catalog/index.ts';
import { HttpError } from '../_shared/httpError.ts';
import { parseJsonBytes, requireObject } from '../_shared/requestBody.ts';
import { jsonText, readJsonBytes } from './body.ts';
import type { Endpoint } from './context.ts';
import { hasBidiControl, hasControlCharacter, requireCount, requireDeviceId } from './params.ts';
import { requireOwnDevice, useQueryDevice } from './pull.ts';

/**
 * One snapshot upload parses at a time per process: a body of `maxSnapshotBytes` expands several times in memory
 * while parsed, so two at once are bounded instead of N. Bodies are read before they queue (under
 * the body deadline), so a slow client holds only its own upload, never another account's.
 */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

const DAY_MS = 86_400_000;

/**
 * `{deviceId, serverSeq, format, c, proof?}` -> `{serverSeq, format, floor}`; 409 when serverSeq is
 * beyond the head or below the stored snapshot or the floor; 403 when the account has a checkpoint
 * verifier and `proof` (the checkpoint proof, base64url) is missing or not its, or when a proof
 * comes for an account without one. With the right proof, the covered events older than the keep
 * window are dropped in the same transaction (docs/sync.md "snapshot").
 */
export const putSnapshot: Endpoint = async (call) => {
  const bytes = await readJsonBytes(call.req, call.limits.maxSnapshotBytes);
  return oneAtATime(async () => {
    const body = requireObject(parseJsonBytes(bytes));
    const deviceId = requireDeviceId(body.deviceId);
    const serverSeq = requireCount(body.serverSeq, 'serverSeq');
    const format = body.format;
    if (
      typeof format !== 'string' ||
      format.length === 0 ||
      format.length > call.limits.maxFormatLength ||
      hasControlCharacter(format) ||
      hasBidiControl(format)
    ) {
      throw new HttpError(
        400,
        `format must be a string of 1-${call.limits.maxFormatLength} characters naming the fold format, e.g. "${CHECKPOINT_FORMAT}"`,
      );
    }
    const sealed = body.c;
    if (
      typeof sealed !== 'string' ||
      sealed.length < sealedLength(0) ||
      sealed.length % 4 !== 0 ||
      !/^[A-Za-z0-9+/]*={0,2}$/.test(sealed)
    ) {
      throw new HttpError(400, 'c must be the base64 of the sealed checkpoint (notes are end-to-end encrypted)');
    }
    if (body.proof !== undefined && (typeof body.proof !== 'string' || !SECRET_PATTERN.test(body.proof)))
      throw new HttpError(400, 'proof must be the checkpoint proof: 32 bytes in base64url');
    const proofDigest = body.proof === undefined ? null : await checkpointVerifierOf(body.proof);
    const text = JSON.stringify(sealed);
    await requireOwnDevice(call, deviceId);
    const now = call.now();
    const dropUpTo = new Date(now.getTime() - call.limits.keepDays * DAY_MS);
    const userId = call.identity.userId;
    const refusal = await call.store.putSnapshot(userId, { serverSeq, format, state: text }, now, { proofDigest, dropUpTo });
    if (refusal === 'proof') throw new HttpError(403, CHECKPOINT_PROOF_REFUSED);
    if (refusal === 'unregistered') throw new HttpError(403, CHECKPOINT_VERIFIER_MISSING);
    if (refusal === 'ahead') throw new HttpError(409, `serverSeq ${serverSeq} is beyond the account's head`);
    if (refusal === 'stale') throw new HttpError(409, 'A snapshot at a later serverSeq is already stored');
    const floor = await call.store.floor(userId);
    return jsonText(200, JSON.stringify({ serverSeq, format, floor }), call.headers);
  });
};

/**
 * `?deviceId` -> `{serverSeq, format, createdAt, floor, c}`, or 404 when the account has none. A snapshot
 * left in clear by an older build (its text is not a JSON string) is never served: it waits to be
 * removed by the account's upgrade (docs/sync.md "Upgrade").
 */
export const getSnapshot: Endpoint = async (call) => {
  await useQueryDevice(call);
  const snapshot = await call.store.getSnapshot(call.identity.userId);
  if (!snapshot || !snapshot.state.startsWith('"')) throw new HttpError(404, 'No snapshot yet: pull from serverSeq 0');
  const floor = await call.store.floor(call.identity.userId);
  const text = `{"serverSeq":${snapshot.serverSeq},"format":${JSON.stringify(snapshot.format)},"createdAt":${JSON.stringify(snapshot.createdAt)},"floor":${floor},"c":${snapshot.state}}`;
  return jsonText(200, text, call.headers, call.gzip);
};
