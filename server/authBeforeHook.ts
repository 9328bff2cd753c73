/**
 * better-auth's "before" hook (docs/sync.md "Accounts", "Sign-in limits"): what the accounts'
 * endpoints accept before better-auth runs them. Sign-ins and account deletions are counted by the
 * sign-in limits before the password is checked, sign-ups are counted and checked (login secret,
 * account keys, name, e-mail, the salt's KDF parameters; docs/sync.md "What errors reveal"), and
 * better-auth's own password changes are refused (they would not re-wrap the keys).
 */
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { emailError, readKeyBundle, sameKdf, SECRET_PATTERN, type KdfParams, type SaltAnswer } from '../catalog/keys.ts';
import { checkAccountName } from '../catalog/passwordPolicy.ts';
import { clientAddress } from '../functions/_shared/clientAddress.ts';
import { refusalBody, type Refusal, type SignInAttempt, type SignInLimiter } from './signInLimits';

/** The header the host sets to the socket's address for the rate limits (a client's own value is replaced). */
export const CLIENT_IP_HEADER = 'x-notepad-client-ip';

/** better-auth's paths that would set a password without re-wrapping the keys: the sync host's `/password` and `/recover` do it. */
const REFUSED_PATHS = new Set(['/change-password', '/set-password', '/reset-password', '/request-password-reset', '/forget-password']);

/** better-auth's paths that answer whether a password is right outside the sign-in limits; NotePad uses none. */
const CLOSED_PATHS = new Set(['/verify-password']);

/** A sign-up's `notepadKeys` (JSON text of `{state: "active", keys}`) as the host stores it, or why it is not one. */
function signUpKeys(value: unknown): { kdf: KdfParams } | { error: string } {
  if (typeof value !== 'string' || value.length > 8192) return { error: 'notepadKeys must be the JSON text of the account keys' };
  try {
    const parsed = JSON.parse(value) as { state?: unknown; keys?: unknown };
    const keys = readKeyBundle(parsed.keys);
    return parsed.state === 'active' && keys && Object.keys(parsed).length === 2 && JSON.stringify(parsed.keys) === JSON.stringify(keys)
      ? { kdf: keys.kdf }
      : { error: 'notepadKeys must be {state: "active", keys} with the account keys' };
  } catch {
    return { error: 'notepadKeys must be the JSON text of the account keys' };
  }
}

/** The header the host sets on each request it forwards to better-auth, naming it for the hook (a client's own value is replaced). */
export const REQUEST_ID_HEADER = 'x-notepad-request-id';

/** What the accounts' hook needs beyond the settings: the limiter, where to leave each counted sign-in (by request id) for its outcome, the salt endpoint's answer and the e-mail of a request's session. */
export interface AuthHooks {
  limiter: SignInLimiter;
  attempts: Map<string, SignInAttempt>;
  salt(email: string): Promise<SaltAnswer>;
  sessionEmail(headers: Headers): Promise<string | null>;
}

/** A 429 of a limit, with `{message, code}` and Retry-After in seconds. */
function limitError(refusal: Refusal): APIError {
  return new APIError('TOO_MANY_REQUESTS', refusalBody(refusal), { 'Retry-After': String(refusal.retryAfterS) });
}

/** A 400 of the sign-up rules. */
const policyError = (message: string, code: string) => new APIError('BAD_REQUEST', { message, code });

/** Counts a sign-in of `email` from `address` for the request (its outcome is recorded when the answer is known). @throws APIError 429 */
async function countSignIn(hooks: AuthHooks, request: Request, email: string, address: string): Promise<void> {
  const counted = await hooks.limiter.beginSignIn(email, address);
  if ('refused' in counted) throw limitError(counted.refused);
  const id = request.headers.get(REQUEST_ID_HEADER);
  if (id) hooks.attempts.set(id, counted.attempt);
}

/**
 * The hook before every better-auth endpoint: on `/sign-in/email` it counts the attempt (or refuses
 * it) before the password is checked, and so on `/delete-user`, which must carry the login secret;
 * on `/sign-up/email` it counts the sign-up, then checks the login secret's shape, the account
 * keys, the name, the e-mail and that the keys use the salt the salt endpoint answers for it;
 * better-auth's own password changes and password check, a change of the keys through
 * `/update-user` and a long name there are refused. Calls without a request (server-side
 * `auth.api`) are not limited. `proxyIpHeader` names the client as `AuthSettings.proxyIpHeader` does.
 * @returns better-auth middleware, which throws APIError 400, 404 or 429 (docs/sync.md "Accounts").
 */
export function beforeHook(proxyIpHeader: string | null, hooks: AuthHooks) {
  return createAuthMiddleware(async (ctx) => {
    const request = ctx.request;
    if (!request) return;
    const body = (typeof ctx.body === 'object' && ctx.body !== null ? ctx.body : {}) as Record<string, unknown>;
    if (REFUSED_PATHS.has(ctx.path))
      throw new APIError('NOT_FOUND', { message: 'Passwords change through /functions/v1/sync/password', code: 'USE_SYNC_PASSWORD' });
    if (CLOSED_PATHS.has(ctx.path)) throw new APIError('NOT_FOUND', { message: 'Not found', code: 'NOT_FOUND' });
    if (ctx.path === '/update-user') {
      if ('notepadKeys' in body) throw policyError('The account keys change only with the password', 'BAD_ACCOUNT_KEYS');
      if (typeof body.name === 'string') {
        const verdict = checkAccountName(body.name);
        if (!verdict.ok) throw policyError(verdict.message, 'NAME_TOO_LONG');
      }
      return;
    }
    if (ctx.path !== '/sign-in/email' && ctx.path !== '/sign-up/email' && ctx.path !== '/delete-user') return;
    const address = clientAddress(request, { remoteAddr: { hostname: request.headers.get(CLIENT_IP_HEADER) ?? undefined } }, proxyIpHeader);
    if (ctx.path === '/delete-user') {
      // Deleting takes the login secret, never a fresh session alone: a stolen cookie cannot destroy the account.
      if (typeof body.password !== 'string' || !SECRET_PATTERN.test(body.password))
        throw policyError('Deleting the account needs its password (the login secret a NotePad device derives)', 'PASSWORD_REQUIRED');
      const email = await hooks.sessionEmail(request.headers);
      // Without a session better-auth answers 401 before any password is checked.
      if (email) await countSignIn(hooks, request, email, address);
      return;
    }
    if (ctx.path === '/sign-in/email') {
      // Without a string e-mail better-auth refuses the body before any password is checked.
      if (typeof body.email !== 'string') return;
      const badEmail = emailError(body.email);
      if (badEmail) throw policyError(badEmail, 'BAD_EMAIL');
      await countSignIn(hooks, request, body.email, address);
      return;
    }
    const refused = await hooks.limiter.beginSignUp(address);
    if (refused) throw limitError(refused);
    // The password rules run on the device, the only place that sees the password; the host sees a login secret.
    if (typeof body.password !== 'string' || !SECRET_PATTERN.test(body.password))
      throw policyError('The password must be the login secret a NotePad device derives (32 bytes, base64url)', 'NOT_A_LOGIN_SECRET');
    const keys = signUpKeys(body.notepadKeys);
    if ('error' in keys) throw policyError(keys.error, 'BAD_ACCOUNT_KEYS');
    if (typeof body.name === 'string') {
      const verdict = checkAccountName(body.name);
      if (!verdict.ok) throw policyError(verdict.message, 'NAME_TOO_LONG');
    }
    const badEmail = emailError(body.email);
    if (badEmail) throw policyError(badEmail, 'BAD_EMAIL');
    // A new account's salt is the one the salt endpoint answered for its address before it existed, so
    // reading it afterwards tells nothing; an existing account's answer is its own (its sign-up changes nothing).
    const answer = await hooks.salt((body.email as string).trim().toLowerCase());
    if ('kdf' in answer && !sameKdf(keys.kdf, answer.kdf))
      throw policyError('The account keys must use the KDF parameters the salt endpoint answers for this e-mail', 'BAD_ACCOUNT_KEYS');
  });
}
