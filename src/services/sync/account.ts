import ky from 'ky';

/** Why an account call failed, in words a person understands (docs/product.md "Account and sync"). */
export type AccountFailure = 'wrong-credentials' | 'sign-up-refused' | 'rate-limited' | 'offline' | 'invalid' | 'server';

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
export interface Account {
  userId: string;
  email: string;
}

/** The account calls the app makes (better-auth on the host, under /api/auth). */
export interface AccountApi {
  /** @throws AccountError */
  signUp(email: string, password: string): Promise<Account>;
  /** @throws AccountError */
  signIn(email: string, password: string): Promise<Account>;
  /** The current session's account, or null (never throws: offline counts as unknown -> null). */
  session(): Promise<Account | null>;
  /** Sign out this device, or every device of the account. @throws AccountError */
  signOut(everywhere: boolean): Promise<void>;
}

/** Passwords shorter than this are refused before asking the server (its own minimum is the same; catalog/passwordPolicy.ts). */
export const MIN_PASSWORD_LENGTH = 8;

/** Longest name sent at sign-up (the server refuses longer ones; catalog/passwordPolicy.ts). */
const MAX_NAME_LENGTH = 100;

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

function accountOf(body: unknown): Account | null {
  const user = isRecord(body) ? body.user : null;
  return isRecord(user) && typeof user.id === 'string' && typeof user.email === 'string' ? { userId: user.id, email: user.email } : null;
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

/** The `code` and `message` of an error answer's JSON body, when it has them. */
async function errorBody(response: Response): Promise<{ code?: string; message?: string }> {
  try {
    const body: unknown = await response.json();
    if (!isRecord(body)) return {};
    return {
      code: typeof body.code === 'string' ? body.code : undefined,
      message: typeof body.message === 'string' ? body.message : undefined,
    };
  } catch {
    return {};
  }
}

/** An AccountError for a failed answer: the same words whether or not the e-mail exists. */
async function failure(response: Response, signingUp: boolean): Promise<AccountError> {
  if (response.status === 429) {
    const seconds = Number(response.headers.get('Retry-After'));
    const wait = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
    const limit = LIMIT_MESSAGES[(await errorBody(response)).code ?? ''];
    if (limit && wait) return new AccountError('rate-limited', limit(waitText(wait)), wait);
    return new AccountError(
      'rate-limited',
      `Too many attempts. Try again in ${wait ?? 'a'} ${wait === 1 ? 'second' : wait ? 'seconds' : 'minute'}.`,
      wait,
    );
  }
  if (response.status >= 500) return new AccountError('server', 'The sync server had a problem. Try again in a moment.');
  if (signingUp && response.status === 400) {
    // The host applies the same password rules as this app: its words come from the same module.
    const { code, message } = await errorBody(response);
    if ((code === 'PASSWORD_TOO_WEAK' || code === 'NAME_TOO_LONG') && message) return new AccountError('invalid', message);
  }
  if (signingUp)
    return new AccountError(
      'sign-up-refused',
      'That e-mail and password could not be used to create an account. If you already have one, sign in.',
    );
  return new AccountError('wrong-credentials', 'Wrong e-mail or password.');
}

/** The account calls over HTTP to `{origin}/api/auth`, cookie-based; failures are AccountErrors. */
export function httpAccountApi(origin: string = location.origin): AccountApi {
  const http = ky.create({
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
      throw new AccountError('offline', 'No connection to the sync server. Your notes stay on this device; try again when you are online.');
    }
  };
  return {
    async signUp(email, password) {
      if (password.length < MIN_PASSWORD_LENGTH)
        throw new AccountError('invalid', `Use a password of at least ${MIN_PASSWORD_LENGTH} characters.`);
      const name = [...(email.split('@')[0] || email)].slice(0, MAX_NAME_LENGTH).join('');
      // The strength rules and their dictionaries load only here, when an account is created.
      const { checkPassword } = await import('../../../catalog/passwordPolicy');
      const verdict = checkPassword(password, { email, name });
      if (!verdict.ok) throw new AccountError('invalid', verdict.message);
      const response = await send('sign-up/email', { email, password, name });
      if (!response.ok) throw await failure(response, true);
      // The server answers a sign-up alike for new and existing addresses and signs nobody in:
      // signing in next tells the two apart without the sign-up revealing which it was.
      try {
        return await this.signIn(email, password);
      } catch (error) {
        if (error instanceof AccountError && error.failure === 'wrong-credentials') {
          throw new AccountError(
            'sign-up-refused',
            'That e-mail and password could not be used to create an account. If you already have one, sign in.',
          );
        }
        throw error;
      }
    },
    async signIn(email, password) {
      const response = await send('sign-in/email', { email, password });
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
