/**
 * The host's account-key endpoints as the app calls them (docs/sync.md "Keys"): the salt before
 * sign-in, the signed-in account's wrapped keys, password change, recovery, and an old account's
 * upgrade (`reseal`, `upgrade`). Failures are AccountErrors in the account dialog's words.
 */
import ky, { type KyInstance } from 'ky';
import type * as v from 'valibot';
import type { KdfParams, KeyBundle, KeysState, RecoveryWrapAnswer, SaltAnswer, SealedEvent } from '../../../catalog';
import { KEYS_STATE, RECOVERY_WRAP_ANSWER, RESEAL_ANSWER, SALT_ANSWER } from '../../../catalog/wireSchemas';
import { AccountError, OFFLINE_MESSAGE, SERVER_PROBLEM_MESSAGE, waitText } from './account';
import { retryAfterSeconds } from './retryAfter';
import { errorWords, readAnswer, syncEndpoints, UNREADABLE_ANSWER } from './syncHttp';

/** A new password as the host stores it: its login secret (null for an external identity's passphrase), KDF parameters, the account key's wrap. */
interface NewPasswordWire {
  next: string | null;
  kdf: KdfParams;
  passwordWrap: string;
}

/** A new recovery key's part of the bundle, sent after a recovery so the old key opens nothing. */
type NewRecoveryWire = Pick<KeyBundle, 'recoveryWrap' | 'recoveryVerifier' | 'recoverySealed'>;

/** The key endpoints; every call throws AccountError. */
export interface KeysApi {
  salt(email: string): Promise<SaltAnswer>;
  read(): Promise<KeysState>;
  /**
   * @returns false when the account has keys in use (409). `password`: an old account's, beginning
   * its upgrade or joining one under way (the host then keeps the keys it has).
   */
  create(keys: KeyBundle, password?: string): Promise<boolean>;
  /** `recovery`: an external identity's new recovery key after a reset with the old one. */
  changePassword(current: string | null, next: NewPasswordWire, recovery?: NewRecoveryWire): Promise<void>;
  recoveryWrap(email: string, proof: string): Promise<RecoveryWrapAnswer>;
  recover(email: string, proof: string, next: NewPasswordWire, recovery: NewRecoveryWire): Promise<void>;
  /** Replace events in clear by their sealed forms; @returns how many of the account's events are still in clear. */
  reseal(deviceId: string, events: { serverSeq: number; event: SealedEvent }[]): Promise<number>;
  finishUpgrade(password: string, loginSecret: string): Promise<void>;
}

/** An AccountError for a failed answer; `wrong` is the words of a 401. */
async function failure(response: Response, wrong: string): Promise<AccountError> {
  const message = (await errorWords(response)) ?? '';
  if (response.status === 401) return new AccountError('wrong-credentials', wrong);
  if (response.status === 429) {
    const wait = retryAfterSeconds(response);
    return new AccountError('rate-limited', message || `Too many attempts. Try again in ${waitText(wait ?? 60)}.`, wait);
  }
  if (response.status >= 500) return new AccountError('server', SERVER_PROBLEM_MESSAGE);
  return new AccountError('invalid', message || `The sync server refused: ${response.status}`);
}

/**
 * The body of a 2xx `response` as `schema` (catalog/keys.ts) reads it. @throws AccountError `server`
 * with the words of a server problem when it is not JSON of that shape (logged with what is wrong).
 */
async function keysAnswer<S extends v.GenericSchema>(response: Response, schema: S): Promise<v.InferOutput<S>> {
  const answer = await readAnswer(response, schema);
  if (answer.ok) return answer.value;
  console.warn(`NotePad account: ${UNREADABLE_ANSWER} (${answer.reason})`);
  throw new AccountError('server', SERVER_PROBLEM_MESSAGE);
}

/** The key endpoints over HTTP at `{origin}/functions/v1/sync`, with the session cookie (or `client`'s own headers). */
export function httpKeysApi(origin: string = location.origin, client: KyInstance = ky): KeysApi {
  const http = syncEndpoints(origin, client);
  const call = async (request: () => Promise<Response>, wrong = 'Wrong e-mail or password.'): Promise<Response> => {
    let response: Response;
    try {
      response = await request();
    } catch {
      throw new AccountError('offline', OFFLINE_MESSAGE);
    }
    if (!response.ok && response.status !== 409) throw await failure(response, wrong);
    return response;
  };
  const conflict = async (response: Response) => {
    if (response.status === 409) throw await failure(response, '');
  };
  return {
    async salt(email) {
      return keysAnswer(await call(() => http.post('salt', { json: { email } })), SALT_ANSWER);
    },
    async read() {
      return keysAnswer(await call(() => http.get('keys')), KEYS_STATE);
    },
    async create(keys, password) {
      return (await call(() => http.put('keys', { json: { keys, password } }), 'Wrong password.')).status !== 409;
    },
    async changePassword(current, next, recovery) {
      await conflict(
        await call(() => http.post('password', { json: { current: current ?? undefined, ...next, ...recovery } }), 'Wrong password.'),
      );
    },
    async recoveryWrap(email, proof) {
      const response = await call(() => http.post('recover', { json: { email, proof } }), 'Wrong e-mail or recovery key.');
      await conflict(response);
      return keysAnswer(response, RECOVERY_WRAP_ANSWER);
    },
    async recover(email, proof, next, recovery) {
      await conflict(
        await call(() => http.post('recover', { json: { email, proof, ...next, ...recovery } }), 'Wrong e-mail or recovery key.'),
      );
    },
    async reseal(deviceId, events) {
      return (await keysAnswer(await call(() => http.post('reseal', { json: { deviceId, events } })), RESEAL_ANSWER)).inClear;
    },
    async finishUpgrade(password, loginSecret) {
      await conflict(await call(() => http.post('upgrade', { json: { password, loginSecret } }), 'Wrong password.'));
    },
  };
}
