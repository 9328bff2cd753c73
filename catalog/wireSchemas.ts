/**
 * The sync wire contract's shapes as valibot schemas (docs/sync.md "Endpoints", "Keys", "Shared
 * links"), declared once: `catalog/wire.ts`, `keys.ts` and `share.ts` infer their types from them,
 * the app parses every answer it reads with them (src/services/sync/syncHttp.ts), and the host's
 * tests parse what it sends. A schema is the shape only; what the host accepts is checked in depth
 * by `sealedEnvelopeError`, `kdfError` and `keyBundleError`.
 *
 * Not in `catalog/index.ts`: the app's first screen reaches the catalog through it, and these are
 * needed only once it syncs, so the sync code and the tests import this file by its path.
 */
import * as v from 'valibot';

/** A count on the wire: a whole number from 0 (a serverSeq, a head, a number of events or bytes). */
const WIRE_COUNT = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

/**
 * An event as it travels and as the host stores it (docs/sync.md "What the host can see"): the
 * envelope the host checks in clear, and `c`, the base64 of nonce + AES-GCM ciphertext of the rest
 * of the event (type, payload, anything else). `device` is the id of the device that made it.
 */
export const SEALED_EVENT = v.object({ v: v.number(), id: v.string(), at: v.string(), device: v.optional(v.string()), c: v.string() });
export type SealedEvent = v.InferOutput<typeof SEALED_EVENT>;

/** An event's place in the account's order. */
const EVENT_POSITION = v.object({ id: v.string(), serverSeq: WIRE_COUNT });

/** `push` answered 200: every event of the batch in exactly one list, and the account's head after it. */
export const PUSH_ANSWER = v.object({
  accepted: v.array(EVENT_POSITION),
  duplicates: v.array(EVENT_POSITION),
  refused: v.array(v.object({ id: v.string(), reason: v.string() })),
  head: WIRE_COUNT,
});
export type PushAnswer = v.InferOutput<typeof PUSH_ANSWER>;

/**
 * One event of a pull page: where the host put it, the device that pushed it, the event as stored:
 * a JSON object, sealed (SEALED_EVENT) or, for an account made before end-to-end encryption and
 * not yet upgraded, in clear. The device opens it and skips one that does not open, so one of
 * another shape never fails the page.
 */
const PULLED_EVENT = v.object({ serverSeq: WIRE_COUNT, deviceId: v.string(), event: v.record(v.string(), v.unknown()) });

/** `GET /functions/v1/sync/pull` answer. */
export const PULL_PAGE = v.object({ events: v.array(PULLED_EVENT), head: WIRE_COUNT, more: v.boolean() });
export type PullPage = v.InferOutput<typeof PULL_PAGE>;

/** `GET /functions/v1/sync/head` answer, and each `head` message of the live stream: the account's head. */
export const HEAD_ANSWER = v.object({ head: WIRE_COUNT });

/**
 * `GET /functions/v1/sync/head` answer in full: the head and the account's floor, the highest
 * serverSeq whose event the host dropped (0 when none was): a pull must start at or after it.
 * @internal Test seam: the tests parse the host's answers with it, as the device will.
 */
export const HEAD_FLOOR_ANSWER = v.object({ head: WIRE_COUNT, floor: WIRE_COUNT });

/**
 * `GET /functions/v1/sync/pull` answered 410: events up to `floor` were dropped; the device starts again from the checkpoint.
 * @internal Test seam: the tests parse the host's answers with it, as the device will.
 */
export const EVENTS_DROPPED_ANSWER = v.object({ error: v.string(), floor: WIRE_COUNT });

/**
 * `PUT /functions/v1/sync/snapshot` answer: the checkpoint stored, and the account's floor after it (events dropped up to there).
 * @internal Test seam: the tests parse the host's answers with it, as the device will.
 */
export const SNAPSHOT_STORED_ANSWER = v.object({ serverSeq: WIRE_COUNT, format: v.string(), floor: WIRE_COUNT });

/**
 * The account's checkpoint for new devices, sealed: `c` is the base64 of nonce + AES-GCM
 * ciphertext of the gzip of the notes state's JSON, bound to the account, `serverSeq` and `format`.
 * `PUT /functions/v1/sync/snapshot` takes it with `deviceId`; `GET` answers it with `createdAt`.
 */
export const SEALED_CHECKPOINT = v.object({ serverSeq: WIRE_COUNT, format: v.string(), c: v.string() });
export type SealedCheckpoint = v.InferOutput<typeof SEALED_CHECKPOINT>;

/** Argon2id parameters of an account: memory in KiB, passes, lanes, and the salt (base64url, 16 bytes). */
const KDF_PARAMS = v.object({
  alg: v.literal('argon2id'),
  memoryKiB: v.number(),
  iterations: v.number(),
  parallelism: v.number(),
  salt: v.string(),
});
export type KdfParams = v.InferOutput<typeof KDF_PARAMS>;

/**
 * An account's keys as the host keeps them (all base64 unless named):
 * - `kdf`: how the password becomes the login secret and the key-encryption key (KEK);
 * - `passwordWrap`: the account key sealed under the KEK;
 * - `recoveryWrap`: the account key sealed under a key derived from the recovery key;
 * - `recoveryVerifier`: base64url SHA-256 of the recovery proof (a secret derived from the recovery key);
 * - `recoverySealed`: the recovery key sealed under the account key (Account shows it again).
 */
const KEY_BUNDLE = v.object({
  kdf: KDF_PARAMS,
  passwordWrap: v.string(),
  recoveryWrap: v.string(),
  recoveryVerifier: v.string(),
  recoverySealed: v.string(),
});
export type KeyBundle = v.InferOutput<typeof KEY_BUNDLE>;

/**
 * The salt endpoint's answer (`POST /functions/v1/sync/salt {email}`): the account's KDF
 * parameters (a made-up, stable salt for an e-mail without an account), or `upgrade: true` for an
 * account made before end-to-end encryption, which signs in once with its password to upgrade.
 */
export const SALT_ANSWER = v.union([v.object({ upgrade: v.literal(true) }), v.object({ kdf: KDF_PARAMS })]);
export type SaltAnswer = v.InferOutput<typeof SALT_ANSWER>;

/** `GET /functions/v1/sync/keys` answer: the account's keys: none yet (an old account), an upgrade begun, or in use. */
export const KEYS_STATE = v.object({ state: v.picklist(['none', 'upgrading', 'active']), keys: v.nullable(KEY_BUNDLE) });
export type KeysState = v.InferOutput<typeof KEYS_STATE>;

/** `POST /functions/v1/sync/recover {email, proof}` answer: the account and its recovery wrap. */
export const RECOVERY_WRAP_ANSWER = v.object({ userId: v.string(), recoveryWrap: v.string() });
export type RecoveryWrapAnswer = v.InferOutput<typeof RECOVERY_WRAP_ANSWER>;

/** `POST /functions/v1/sync/reseal` answer: events replaced now, and the account's events still in clear. */
export const RESEAL_ANSWER = v.object({ resealed: WIRE_COUNT, inClear: WIRE_COUNT });
export type ResealAnswer = v.InferOutput<typeof RESEAL_ANSWER>;

/**
 * A copy of a note as the host keeps and serves it (all base64):
 * - `kdf`: the password's Argon2id parameters and salt, or null when the link needs no password;
 * - `wrap`: the content key sealed (AES-256-GCM) under a key derived from the link's key (and the
 *   password), with associated data binding the share id;
 * - `c`: the note (title, HTML, time) as JSON, sealed under the content key, with associated data
 *   binding the share id and `v`.
 */
const SEALED_SHARE = v.object({ v: v.number(), kdf: v.nullable(KDF_PARAMS), wrap: v.string(), c: v.string() });
export type SealedShare = v.InferOutput<typeof SEALED_SHARE>;

/**
 * One link of the account, as `GET /functions/v1/sync/shares` lists it (times ISO-8601):
 * `expired` true once the host deleted its copy at its expiry (the link answers 410), `bytes` the
 * UTF-8 bytes of the stored copy (0 once expired).
 */
const SHARE_LISTING = v.object({
  id: v.string(),
  createdAt: v.string(),
  updatedAt: v.string(),
  expiresAt: v.nullable(v.string()),
  expired: v.boolean(),
  bytes: WIRE_COUNT,
  tag: v.string(),
});
export type ShareListing = v.InferOutput<typeof SHARE_LISTING>;

/** `GET /functions/v1/sync/shares` answer: every link of the account. */
export const SHARE_LIST_ANSWER = v.object({ shares: v.array(SHARE_LISTING) });

/** `GET /functions/v1/sync/share?id=` answer: the copy and when it was last replaced. */
export const SHARE_ANSWER = v.object({ share: SEALED_SHARE, updatedAt: v.string() });
export type ShareAnswer = v.InferOutput<typeof SHARE_ANSWER>;
