import { createAuthClient } from 'better-auth/client';
import { inferAdditionalFields } from 'better-auth/client/plugins';
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

/** What a better-auth call answered: its status, its body (the data, or the error's JSON fields) and the wait its Retry-After asks for. */
interface Answer {
  ok: boolean;
  status: number;
  body: unknown;
  wait: number | null;
}

/** The `code` and `message` of an error answer's body, when it has them. Never throws. */
function errorBody(answer: Answer): { code?: string; message?: string } {
  const body = v.safeParse(ERROR_ANSWER, answer.body);
  return body.success ? body.output : {};
}

/** An AccountError for a failed answer: the same words whether or not the e-mail exists. */
function failure(answer: Answer, signingUp: boolean): AccountError {
  const { status, wait } = answer;
  if (status === 429) {
    const limit = LIMIT_MESSAGES[errorBody(answer).code ?? ''];
    if (limit && wait) return new AccountError('rate-limited', limit(waitText(wait)), wait);
    return new AccountError(
      'rate-limited',
      `Too many attempts. Try again in ${wait ?? 'a'} ${wait === 1 ? 'second' : wait ? 'seconds' : 'minute'}.`,
      wait,
    );
  }
  if (status >= 500) return new AccountError('server', SERVER_PROBLEM_MESSAGE);
  if (signingUp && status === 400) {
    const { code, message } = errorBody(answer);
    if ((code === 'NAME_TOO_LONG' || code === 'BAD_EMAIL') && message) return new AccountError('invalid', message);
  }
  if (signingUp)
    return new AccountError(
      'sign-up-refused',
      'That e-mail and password could not be used to create an account. If you already have one, sign in.',
    );
  return new AccountError('wrong-credentials', 'Wrong e-mail or password.');
}

/** A call that has not answered in this long has failed (ms). */
const AUTH_TIMEOUT_MS = 20_000;

/** A better-auth client call's result: the answer's data, or its error with the status. */
interface ClientResult {
  data: unknown;
  error: { status: number } | null;
}

/**
 * better-auth's own client (`better-auth/client`) at `{origin}/api/auth`, cookie-based, over
 * `client` (its options, such as hooks, are kept; no retries, a timeout); failures are
 * AccountErrors (docs/architecture.md "Sync").
 */
export function httpAuthApi(origin: string = location.origin, client: KyInstance = ky): AuthApi {
  const http = client.extend({ retry: 0, timeout: AUTH_TIMEOUT_MS, throwHttpErrors: false, credentials: 'same-origin' });
  const auth = createAuthClient({
    baseURL: `${origin}/api/auth`,
    // No redirect from an answer's `url`: a host that lies must not send the app's page elsewhere.
    disableDefaultFetchPlugins: true,
    // The account keys go with the sign-up as the user's field the host declares (server/auth.ts).
    plugins: [inferAdditionalFields({ user: { notepadKeys: { type: 'string', required: false, input: true, returned: false } } })],
    fetchOptions: {
      customFetchImpl: (input, init) =>
        http(input, { method: init?.method, headers: init?.headers, body: init?.body, signal: init?.signal }),
    },
  });
  /** The answer of one call (`run` passes `hooks` as its fetch options). @throws AccountError 'offline' when none came */
  const send = async (run: (hooks: { onResponse(context: { response: Response }): void }) => Promise<ClientResult>): Promise<Answer> => {
    let response: Response | undefined;
    let result: ClientResult;
    try {
      result = await run({ onResponse: (context) => void (response = context.response) });
    } catch {
      throw new AccountError('offline', OFFLINE_MESSAGE);
    }
    if (!response) throw new AccountError('offline', OFFLINE_MESSAGE);
    return { ok: !result.error, status: response.status, body: result.error ?? result.data, wait: retryAfterSeconds(response) };
  };
  return {
    async signUp(email, loginSecret, name, notepadKeys) {
      const answer = await send((hooks) => auth.signUp.email({ email, password: loginSecret, name, notepadKeys }, hooks));
      if (!answer.ok) throw failure(answer, true);
    },
    async signIn(email, secret) {
      const answer = await send((hooks) => auth.signIn.email({ email, password: secret }, hooks));
      const account = answer.ok ? accountOf(answer.body) : null;
      if (!account) throw failure(answer, false);
      return account;
    },
    async session() {
      try {
        const answer = await send((hooks) => auth.getSession(undefined, hooks));
        return answer.ok ? accountOf(answer.body) : null;
      } catch {
        return null;
      }
    },
    async deleteUser(loginSecret) {
      const answer = await send((hooks) => auth.deleteUser({ password: loginSecret }, hooks));
      if (answer.ok) return;
      if (answer.status === 400 && errorBody(answer).code === 'INVALID_PASSWORD')
        throw new AccountError('wrong-credentials', 'Wrong password.');
      if (answer.status === 401) throw new AccountError('wrong-credentials', 'Sign-in expired: sign in again, then delete the account.');
      throw failure(answer, false);
    },
    async signOut(everywhere) {
      if (everywhere) {
        const revoked = await send((hooks) => auth.revokeSessions(undefined, hooks));
        if (!revoked.ok && revoked.status !== 401) throw failure(revoked, false);
      }
      const answer = await send((hooks) => auth.signOut(undefined, hooks));
      // Already signed out elsewhere: the goal is reached.
      if (!answer.ok && answer.status !== 401) throw failure(answer, false);
    },
  };
}
