import ky, { type KyInstance } from 'ky';
import * as v from 'valibot';
import { retryAfterSeconds } from './retryAfter';

/**
 * Why an account call failed, in words a person understands (docs/product.md "Account and sync");
 * `unsafe-host`: the host asked for something this device refuses to do (docs/sync.md "A host that lies").
 */
export type AccountFailure = 'wrong-credentials' | 'sign-up-refused' | 'rate-limited' | 'offline' | 'invalid' | 'server' | 'unsafe-host';

/** A failed account call; `message` is what the dialog shows. */
export class AccountError extends Error {
  constructor(
    readonly failure: AccountFailure,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'AccountError';
  }
}

/** The signed-in account. */
interface Account {
  userId: string;
  email: string;
}

/** The signed-in account with its account key unlocked (non-extractable; docs/sync.md "Keys"). */
export interface UnlockedAccount extends Account {
  accountKey: CryptoKey;
}

/** A sign-in or sign-up: the unlocked account, and the recovery key to show when one was just made (else null). */
export interface SignedIn extends UnlockedAccount {
  recoveryKey: string | null;
}

/** The account calls the app makes (better-auth on the host under /api/auth, the keys under /functions/v1/sync). */
export interface AccountApi {
  /** @throws AccountError */
  signUp(email: string, password: string): Promise<SignedIn>;
  /** Sign in and unlock the account key (an account made before end-to-end encryption is upgraded first). @throws AccountError */
  signIn(email: string, password: string): Promise<SignedIn>;
  /** The current session's account, or null (never throws: offline counts as unknown -> null). */
  session(): Promise<Account | null>;
  /** Sign out this device, or every device of the account. @throws AccountError */
  signOut(everywhere: boolean): Promise<void>;
  /** Change the password of the signed-in `email`: the account key is wrapped again, other devices are signed out. @throws AccountError */
  changePassword(email: string, current: string, next: string): Promise<void>;
  /** Set a new password with the recovery key, then sign in with it. @throws AccountError */
  recover(email: string, recoveryKey: string, next: string): Promise<SignedIn>;
  /** The recovery key again, once `password` proves who asks. @throws AccountError */
  revealRecoveryKey(password: string, accountKey: CryptoKey): Promise<string>;
  /** Delete the signed-in `email`'s account and everything the host keeps of it, once `password` proves who asks. @throws AccountError */
  deleteAccount(email: string, password: string): Promise<void>;
}

/** The better-auth calls, with the login secret where better-auth expects a password. */
export interface AuthApi {
  /** Create the account with its keys (`notepadKeys`: the JSON text the host stores); answers alike for new and existing addresses. @throws AccountError */
  signUp(email: string, loginSecret: string, name: string, notepadKeys: string): Promise<void>;
  /** @throws AccountError ('wrong-credentials' for a wrong e-mail or secret) */
  signIn(email: string, secret: string): Promise<Account>;
  session(): Promise<Account | null>;
  signOut(everywhere: boolean): Promise<void>;
  /** Delete the session's account, proving it with its login secret. @throws AccountError ('wrong-credentials' for a wrong secret) */
  deleteUser(loginSecret: string): Promise<void>;
}

/** What the dialog says when the host cannot be reached. */
export const OFFLINE_MESSAGE = 'No connection to the sync server. Your notes stay on this device; try again when you are online.';

/** What the dialog says when the host failed (a 5xx, or an answer this device cannot read). */
export const SERVER_PROBLEM_MESSAGE = 'The sync server had a problem. Try again in a moment.';

/** Passwords shorter than this are refused before asking the server (its own minimum is the same; catalog/passwordPolicy.ts). */
export const MIN_PASSWORD_LENGTH = 8;

/** Longest name sent at sign-up (the server refuses longer ones; catalog/passwordPolicy.ts). */
export const MAX_NAME_LENGTH = 100;

/** better-auth's answer to a sign-in or a session read that has one: the account's user. */
const SESSION_ANSWER = v.object({ user: v.object({ id: v.string(), email: v.string() }) });

/** The account a sign-in or session answer names, or null when it names none (`null`, another shape). */
function accountOf(body: unknown): Account | null {
  const answer = v.safeParse(SESSION_ANSWER, body);
  return answer.success ? { userId: answer.output.user.id, email: answer.output.user.email } : null;
}

/** "30 seconds", "1 second", or whole minutes from two minutes on ("15 minutes"): the host's words for a wait. */
export function waitText(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** What each of the host's limits says (docs/product.md "Account and sync"), by the answer's `code`. */
const LIMIT_MESSAGES: Record<string, (wait: string) => string> = {
  TOO_MANY_FAILED_SIGN_INS: (wait) => `Too many failed sign-ins for this account. Try again in ${wait}.`,
  TOO_MANY_FAILED_SIGN_INS_FROM_ADDRESS: (wait) => `Too many failed sign-ins from this network. Try again in ${wait}.`,
  TOO_MANY_SIGN_UPS: (wait) => `Too many accounts were created from this network. Try again in ${wait}.`,
};

/** better-auth's error answer: its `code` and `message`, each kept only when it is text. */
const ERROR_ANSWER = v.object({
  code: v.fallback(v.optional(v.string()), undefined),
  message: v.fallback(v.optional(v.string()), undefined),
});

/** The `code` and `message` of an error answer's JSON body, when it has them. Never throws. */
async function errorBody(response: Response): Promise<{ code?: string; message?: string }> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return {};
  }
  const answer = v.safeParse(ERROR_ANSWER, body);
  return answer.success ? answer.output : {};
}

/** An AccountError for a failed answer: the same words whether or not the e-mail exists. */
async function failure(response: Response, signingUp: boolean): Promise<AccountError> {
  if (response.status === 429) {
    const wait = retryAfterSeconds(response);
    const limit = LIMIT_MESSAGES[(await errorBody(response)).code ?? ''];
    if (limit && wait) return new AccountError('rate-limited', limit(waitText(wait)), wait);
    return new AccountError(
      'rate-limited',
      `Too many attempts. Try again in ${wait ?? 'a'} ${wait === 1 ? 'second' : wait ? 'seconds' : 'minute'}.`,
      wait,
    );
  }
  if (response.status >= 500) return new AccountError('server', SERVER_PROBLEM_MESSAGE);
  if (signingUp && response.status === 400) {
    const { code, message } = await errorBody(response);
    if ((code === 'NAME_TOO_LONG' || code === 'BAD_EMAIL') && message) return new AccountError('invalid', message);
  }
  if (signingUp)
    return new AccountError(
      'sign-up-refused',
      'That e-mail and password could not be used to create an account. If you already have one, sign in.',
    );
  return new AccountError('wrong-credentials', 'Wrong e-mail or password.');
}

/** better-auth over HTTP at `{origin}/api/auth`, cookie-based (`client`'s own options, such as hooks, are kept); failures are AccountErrors. */
export function httpAuthApi(origin: string = location.origin, client: KyInstance = ky): AuthApi {
  const http = client.extend({
    prefixUrl: `${origin}/api/auth`,
    retry: 0,
    timeout: 20_000,
    throwHttpErrors: false,
    credentials: 'same-origin',
  });
  const send = async (path: string, json: unknown): Promise<Response> => {
    try {
      return await http.post(path, { json });
    } catch {
      throw new AccountError('offline', OFFLINE_MESSAGE);
    }
  };
  return {
    async signUp(email, loginSecret, name, notepadKeys) {
      const response = await send('sign-up/email', { email, password: loginSecret, name, notepadKeys });
      if (!response.ok) throw await failure(response, true);
    },
    async signIn(email, secret) {
      const response = await send('sign-in/email', { email, password: secret });
      const account = response.ok ? accountOf(await response.json()) : null;
      if (!account) throw await failure(response, false);
      return account;
    },
    async session() {
      try {
        const response = await http.get('get-session');
        return response.ok ? accountOf(await response.json()) : null;
      } catch {
        return null;
      }
    },
    async deleteUser(loginSecret) {
      const response = await send('delete-user', { password: loginSecret });
      if (response.ok) return;
      if (response.status === 400 && (await errorBody(response.clone())).code === 'INVALID_PASSWORD')
        throw new AccountError('wrong-credentials', 'Wrong password.');
      if (response.status === 401) throw new AccountError('wrong-credentials', 'Sign-in expired: sign in again, then delete the account.');
      throw await failure(response, false);
    },
    async signOut(everywhere) {
      if (everywhere) {
        const revoked = await send('revoke-sessions', {});
        if (!revoked.ok && revoked.status !== 401) throw await failure(revoked, false);
      }
      const response = await send('sign-out', {});
      // Already signed out elsewhere: the goal is reached.
      if (!response.ok && response.status !== 401) throw await failure(response, false);
    },
  };
}
