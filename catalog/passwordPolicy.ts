/**
 * What an account's password and name must be (docs/product.md "Account and sync"), in one pure
 * module the app's account dialog and the host's sign-up share: 8-256 characters and not easy to
 * guess by zxcvbn-ts (score 3 of 4 or more) with its common-password and English dictionaries and
 * the person's e-mail and name as words an attacker would try first; names of at most 100
 * characters. The dictionaries are large: the app loads this module only when an account is created.
 */
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/** Shortest accepted password, in characters. */
const MIN_PASSWORD_LENGTH = 8;
/** Longest accepted password, in characters (better-auth's own bound). */
const MAX_PASSWORD_LENGTH = 256;
/** Longest account name, in characters. */
const MAX_NAME_LENGTH = 100;
/** Lowest accepted zxcvbn score: 3 is "safely unguessable" against an online attack and a slow hash. */
const MIN_PASSWORD_SCORE = 3;

/** A password's or name's verdict: accepted, or refused with the sentence a person reads. */
export type PolicyVerdict = { ok: true } | { ok: false; message: string };

let estimator: ZxcvbnFactory | null = null;
/** The estimator, built on first use (building ranks the dictionaries once). */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  return estimator;
}

/** The e-mail, its parts and the name's words: what an attacker who knows the person tries first. */
function personalWords(context: { email?: string; name?: string }): string[] {
  const email = (context.email ?? '').trim().toLowerCase();
  const [local = '', domain = ''] = email.split('@');
  const name = (context.name ?? '').trim().toLowerCase();
  const parts = [email, local, local.replace(/[._+-]+/g, ''), ...local.split(/[._+-]+/), ...domain.split('.').slice(0, -1)];
  parts.push(name, name.replace(/\s+/g, ''), ...name.split(/\s+/));
  return [...new Set(parts.filter((word) => word.length >= 3))];
}

/** zxcvbn's feedback as one sentence: its warning, then its suggestions. */
function feedbackText(result: ZxcvbnResult): string {
  const parts = [result.feedback.warning, ...result.feedback.suggestions].filter((part): part is string => !!part);
  return parts.length ? parts.join(' ') : 'Add more words that are less common.';
}

/**
 * Checks a password for an account with `context.email` and `context.name`.
 * @returns ok, or the message: "Use a password of at least 8 characters.", "Use a password of at
 * most 256 characters." or "This password is too easy to guess: <zxcvbn's feedback>".
 */
export function checkPassword(password: string, context: { email?: string; name?: string } = {}): PolicyVerdict {
  // UTF-16 units, as better-auth counts them, so both refuse the same passwords.
  const length = password.length;
  if (length < MIN_PASSWORD_LENGTH) return { ok: false, message: `Use a password of at least ${MIN_PASSWORD_LENGTH} characters.` };
  if (length > MAX_PASSWORD_LENGTH) return { ok: false, message: `Use a password of at most ${MAX_PASSWORD_LENGTH} characters.` };
  const result = zxcvbn().check(password, personalWords(context));
  if (result.score >= MIN_PASSWORD_SCORE) return { ok: true };
  return { ok: false, message: `This password is too easy to guess: ${feedbackText(result)}` };
}

/** Checks an account name. @returns ok, or "Use a name of at most 100 characters." */
export function checkAccountName(name: string): PolicyVerdict {
  return [...name].length > MAX_NAME_LENGTH ? { ok: false, message: `Use a name of at most ${MAX_NAME_LENGTH} characters.` } : { ok: true };
}
