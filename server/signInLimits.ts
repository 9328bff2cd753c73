/**
 * Sign-in and sign-up limits (docs/sync.md "Sign-in limits"). Failed sign-ins are counted per
 * account (the e-mail, known or not: the answers never tell which addresses have accounts) with a
 * delay that doubles, and per client address with a generous cap that stops one address trying
 * many accounts; a successful sign-in is never counted. Sign-ups are counted per address, all of
 * them. An attempt is counted before the password is checked (and given back when it succeeds or
 * was never a guess), so attempts made at once cannot slip past a limit together.
 */
import { createHash } from 'node:crypto';
import type { AttemptRecord, AttemptStore } from './attemptStore';

/** The limits (DEFAULT_SIGN_IN_LIMITS's values unless the host sets them); counts are attempts, times seconds. */
export interface SignInLimitSettings {
  /** Failed sign-ins of one account before each further attempt waits. */
  accountFailures: number;
  /** The first wait, after the last of those failures; each failure after it doubles the wait. */
  accountDelayS: number;
  /** The longest wait. */
  accountDelayMaxS: number;
  /** Failed sign-ins from one address, any accounts, per window. */
  addressFailures: number;
  /** That window, from the first failure in it. */
  addressWindowS: number;
  /** Sign-ups from one address per window, successful or not. */
  signUpMax: number;
  /** That window. */
  signUpWindowS: number;
}

/** The documented defaults. */
export const DEFAULT_SIGN_IN_LIMITS: Readonly<SignInLimitSettings> = {
  accountFailures: 5,
  accountDelayS: 30,
  accountDelayMaxS: 900,
  addressFailures: 100,
  addressWindowS: 3600,
  signUpMax: 20,
  signUpWindowS: 3600,
};

/** An account's failures are forgotten a day after its last one. */
const FORGET_MS = 86_400_000;

/** Why an attempt is refused, and for how many more seconds. */
export interface Refusal {
  scope: 'account' | 'address' | 'sign-up';
  retryAfterS: number;
}

/** A sign-in attempt counted before its password is checked; hand it back to `endSignIn`. */
export interface SignInAttempt {
  accountKey: string;
  addressKey: string;
  accountBefore: AttemptRecord | null;
  accountAfter: AttemptRecord;
  addressStart: number;
}

/** How a counted sign-in ended: the password was right, wrong, or never checked (a malformed request, a server error). */
export type SignInOutcome = 'success' | 'failure' | 'not-tried';

/** The limiter the accounts service asks before and after each attempt. */
export interface SignInLimiter {
  /** Counts a sign-in of `email` from `address`, or refuses it. */
  beginSignIn(email: string, address: string): Promise<{ refused: Refusal } | { attempt: SignInAttempt }>;
  /** Records how a counted sign-in ended. */
  endSignIn(attempt: SignInAttempt, outcome: SignInOutcome): Promise<void>;
  /** Counts a sign-up from `address`, or refuses it (null: go ahead). */
  beginSignUp(address: string): Promise<Refusal | null>;
}

const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));

/** The record of a fixed window: the one given while its window lasts, else null (a fresh window). */
function inWindow(record: AttemptRecord | null, windowS: number, now: number): AttemptRecord | null {
  return record && now - record.start < windowS * 1000 ? record : null;
}

/** The wait after the `failures`-th failure of an account, in ms (0 before `accountFailures`). */
function accountDelayMs(failures: number, settings: SignInLimitSettings): number {
  if (failures < settings.accountFailures) return 0;
  const doublings = Math.min(failures - settings.accountFailures, 30);
  return Math.min(settings.accountDelayS * 2 ** doublings, settings.accountDelayMaxS) * 1000;
}

/** The key of an account's counter: a hash of the e-mail as better-auth looks it up (lower case), so no typed address is stored. */
function accountKeyOf(email: string): string {
  return `account:${createHash('sha256').update(email.toLowerCase()).digest('base64url')}`;
}

/** Creates the limiter over `store`; `now` is the clock in ms. Old counters are purged at most once an hour. */
export function createSignInLimiter(store: AttemptStore, settings: SignInLimitSettings, now: () => number = Date.now): SignInLimiter {
  let purgedAt = 0;
  const purgeNow = (at: number) => {
    if (at - purgedAt < 3_600_000) return;
    purgedAt = at;
    const longest = Math.max(FORGET_MS, settings.accountDelayMaxS * 1000, settings.addressWindowS * 1000, settings.signUpWindowS * 1000);
    void store.purge(at - longest).catch((error: unknown) => console.error(`[auth] purging old attempt counters failed: ${String(error)}`));
  };

  return {
    async beginSignIn(email, address) {
      const at = now();
      purgeNow(at);
      const accountKey = accountKeyOf(email);
      const addressKey = `address:${address}`;
      return store.update<{ refused: Refusal } | { attempt: SignInAttempt }>(
        [accountKey, addressKey],
        at,
        ([accountRecord, addressRecord]) => {
          const account = accountRecord && at - accountRecord.start < FORGET_MS && accountRecord.count > 0 ? accountRecord : null;
          const fromAddress = inWindow(addressRecord, settings.addressWindowS, at);
          if (account && account.until > at) {
            return {
              next: [accountRecord, addressRecord],
              result: { refused: { scope: 'account', retryAfterS: secondsUntil(account.until, at) } },
            };
          }
          if (fromAddress && fromAddress.count >= settings.addressFailures) {
            const ends = fromAddress.start + settings.addressWindowS * 1000;
            return { next: [accountRecord, addressRecord], result: { refused: { scope: 'address', retryAfterS: secondsUntil(ends, at) } } };
          }
          const failures = (account?.count ?? 0) + 1;
          const delay = accountDelayMs(failures, settings);
          const accountAfter: AttemptRecord = { count: failures, start: at, until: delay ? at + delay : 0 };
          const addressAfter: AttemptRecord = { count: (fromAddress?.count ?? 0) + 1, start: fromAddress?.start ?? at, until: 0 };
          return {
            next: [accountAfter, addressAfter],
            result: { attempt: { accountKey, addressKey, accountBefore: account, accountAfter, addressStart: addressAfter.start } },
          };
        },
      );
    },

    async endSignIn(attempt, outcome) {
      if (outcome === 'failure') return;
      await store.update([attempt.accountKey, attempt.addressKey], now(), ([account, fromAddress]) => {
        // The address gives back this attempt if its window is still the one it was counted in.
        const address =
          fromAddress && fromAddress.start === attempt.addressStart
            ? { ...fromAddress, count: Math.max(0, fromAddress.count - 1) }
            : fromAddress;
        if (outcome === 'success') return { next: [null, address], result: undefined };
        // Not a guess: the account goes back to where it was, unless another attempt was counted since.
        const untouched = account && account.count === attempt.accountAfter.count && account.start === attempt.accountAfter.start;
        return { next: [untouched ? attempt.accountBefore : account, address], result: undefined };
      });
    },

    async beginSignUp(address) {
      const at = now();
      purgeNow(at);
      return store.update<Refusal | null>([`sign-up:${address}`], at, ([record]) => {
        const current = inWindow(record, settings.signUpWindowS, at);
        if (current && current.count >= settings.signUpMax) {
          const ends = current.start + settings.signUpWindowS * 1000;
          return { next: [record], result: { scope: 'sign-up', retryAfterS: secondsUntil(ends, at) } };
        }
        return { next: [{ count: (current?.count ?? 0) + 1, start: current?.start ?? at, until: 0 }], result: null };
      });
    },
  };
}

/** "30 seconds", "1 second", or whole minutes from two minutes on ("15 minutes"). */
function waitText(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** The 429 answer's `{message, code}` for a refusal (the app shows the same words). */
export function refusalBody(refusal: Refusal): { message: string; code: string } {
  const wait = waitText(refusal.retryAfterS);
  switch (refusal.scope) {
    case 'account':
      return { message: `Too many failed sign-ins for this account. Try again in ${wait}.`, code: 'TOO_MANY_FAILED_SIGN_INS' };
    case 'address':
      return {
        message: `Too many failed sign-ins from this network. Try again in ${wait}.`,
        code: 'TOO_MANY_FAILED_SIGN_INS_FROM_ADDRESS',
      };
    case 'sign-up':
      return { message: `Too many accounts were created from this network. Try again in ${wait}.`, code: 'TOO_MANY_SIGN_UPS' };
  }
}
