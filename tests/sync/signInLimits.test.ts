// Sign-in and sign-up limits (docs/sync.md "Sign-in limits") through the real host on SQLite: one
// account guessed from many addresses waits after 5 failures, longer after each further one; an
// unknown e-mail is limited exactly like a known one; one address trying many accounts is stopped by
// its failures only; ten people behind one address sign in within a minute; attempts made at once
// are counted one after another; sign-ups are counted per address; a client cannot pick its address.
import { afterEach, describe, expect, it } from 'vitest';
import { SyncClient, type Answer } from './client';
import { startSyncHost, type InProcessHost } from './host';

const PASSWORD = 'correct horse battery staple';
const hosts: InProcessHost[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
});
const start = async (env: Record<string, string> = {}) => {
  const host = await startSyncHost(env);
  hosts.push(host);
  return host;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A sign-in from `address` (sent in X-Forwarded-For, which the host is told to trust). */
function signInFrom(host: InProcessHost, address: string, email: string, password: string): Promise<Answer> {
  return new SyncClient(host.url).request(
    'POST',
    '/api/auth/sign-in/email',
    { email, password },
    { headers: { 'X-Forwarded-For': address } },
  );
}

/** The Retry-After of an answer, in whole seconds. */
const retryAfter = (answer: Answer) => Number(answer.headers.get('retry-after'));

describe('sign-in limits', () => {
  it('make one account wait after 5 failed sign-ins from any addresses, doubling the wait, and forget them after a success', async () => {
    const host = await start({ AUTH_PROXY_IP_HEADER: 'x-forwarded-for', AUTH_ACCOUNT_DELAY_S: '2' });
    await new SyncClient(host.url).register('guessed@example.com', PASSWORD);
    // What the app sends for the right password: its login secret (docs/sync.md "Keys").
    const secret = await new SyncClient(host.url).loginSecret('guessed@example.com', PASSWORD);
    for (let i = 1; i <= 5; i++)
      expect((await signInFrom(host, `203.0.113.${i}`, 'guessed@example.com', `guess number ${i}`)).status).toBe(401);
    // The right password from a fresh address waits too: the limit is the account's.
    const waiting = await signInFrom(host, '198.51.100.9', 'guessed@example.com', secret);
    expect(waiting.status).toBe(429);
    expect(waiting.json).toEqual({
      code: 'TOO_MANY_FAILED_SIGN_INS',
      message: `Too many failed sign-ins for this account. Try again in ${retryAfter(waiting)} second${retryAfter(waiting) === 1 ? '' : 's'}.`,
    });
    expect([1, 2]).toContain(retryAfter(waiting));
    await sleep(retryAfter(waiting) * 1000 + 100);
    // A refused attempt was not counted; the next failure doubles the wait.
    expect((await signInFrom(host, '203.0.113.6', 'guessed@example.com', 'guess number 6')).status).toBe(401);
    const longer = await signInFrom(host, '203.0.113.7', 'guessed@example.com', 'guess number 7');
    expect(longer.status).toBe(429);
    expect([3, 4]).toContain(retryAfter(longer));
    await sleep(retryAfter(longer) * 1000 + 100);
    expect((await signInFrom(host, '198.51.100.9', 'guessed@example.com', secret)).status).toBe(200);
    // The success cleared the account's failures: five more may fail before it waits again.
    for (let i = 8; i <= 12; i++)
      expect((await signInFrom(host, '203.0.113.8', 'guessed@example.com', `guess number ${i}`)).status).toBe(401);
    expect((await signInFrom(host, '203.0.113.8', 'guessed@example.com', 'guess number 13')).status).toBe(429);
  }, 30_000);

  it('limit an e-mail without an account exactly like one with an account', async () => {
    const host = await start({ AUTH_PROXY_IP_HEADER: 'x-forwarded-for' });
    await new SyncClient(host.url).register('known@example.com', PASSWORD);
    const run = async (email: string) => {
      const answers: Answer[] = [];
      for (let i = 0; i < 7; i++) answers.push(await signInFrom(host, `192.0.2.${i + 1}`, email, `wrong guess ${i}`));
      return answers;
    };
    const [known, unknown] = [await run('known@example.com'), await run('nobody-here@example.com')];
    const shape = (answers: Answer[]) =>
      answers.map((a) => [a.status, JSON.stringify(a.json).replace(/\d+ seconds?/, 'N seconds'), a.headers.has('retry-after')]);
    expect(shape(unknown)).toEqual(shape(known));
    expect(known.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(Math.abs(retryAfter(known[6]) - retryAfter(unknown[6]))).toBeLessThanOrEqual(1);
  });

  it('stop one address trying many accounts by its failures only, never by its successful sign-ins', async () => {
    const host = await start({ AUTH_PROXY_IP_HEADER: 'x-forwarded-for', AUTH_ADDRESS_FAILURES: '6' });
    await new SyncClient(host.url).register('office-a@example.com', PASSWORD);
    const secret = await new SyncClient(host.url).loginSecret('office-a@example.com', PASSWORD);
    for (let i = 0; i < 10; i++) expect((await signInFrom(host, '10.0.0.1', 'office-a@example.com', secret)).status).toBe(200);
    for (let i = 0; i < 6; i++)
      expect((await signInFrom(host, '10.0.0.1', `stuffed-${i}@example.com`, 'leaked password 1')).status).toBe(401);
    const stopped = await signInFrom(host, '10.0.0.1', 'office-a@example.com', secret);
    expect(stopped.status).toBe(429);
    expect(stopped.json.code).toBe('TOO_MANY_FAILED_SIGN_INS_FROM_ADDRESS');
    expect(stopped.json.message).toBe('Too many failed sign-ins from this network. Try again in 60 minutes.');
    expect(retryAfter(stopped)).toBeGreaterThan(3500);
    // Other addresses, and the accounts tried, are not held back.
    expect((await signInFrom(host, '10.0.0.2', 'office-a@example.com', secret)).status).toBe(200);
    expect((await signInFrom(host, '10.0.0.2', 'stuffed-0@example.com', 'leaked password 1')).status).toBe(401);
  });

  it(
    'let ten people behind one address sign in within a minute, each after a typo and on several devices',
    // A hang guard: 50 derivations and password checks took over 90 s on a 2-core machine at load 9.
    { timeout: 180_000 },
    async () => {
      const host = await start();
      const people = Array.from({ length: 10 }, (_, i) => `family-${i}@example.com`);
      for (const email of people) expect((await new SyncClient(host.url).signUp(email, PASSWORD)).status).toBe(200);
      for (const email of people) {
        expect((await new SyncClient(host.url).signIn(email, 'correct horse battery stapel')).status).toBe(401);
        for (let device = 0; device < 3; device++) expect((await new SyncClient(host.url).signIn(email, PASSWORD)).status).toBe(200);
      }
    },
  );

  it('count sign-ins made at once one after another: no more than 5 wrong passwords are checked', async () => {
    const host = await start();
    await new SyncClient(host.url).register('rushed@example.com', PASSWORD);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => new SyncClient(host.url).signIn('rushed@example.com', `rushed guess ${i}`)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(15).fill(429)]);
  });

  it('keep the address the host saw: a client-sent address header changes nothing', async () => {
    const host = await start({ AUTH_ADDRESS_FAILURES: '2' });
    const client = new SyncClient(host.url);
    for (let i = 0; i < 2; i++) expect((await client.signIn(`spoof-${i}@example.com`, 'wrong password 1')).status).toBe(401);
    for (const header of ['x-notepad-client-ip', 'x-forwarded-for']) {
      const spoofed = await client.request(
        'POST',
        '/api/auth/sign-in/email',
        { email: 'spoof-9@example.com', password: 'x' },
        { headers: { [header]: '10.9.8.7' } },
      );
      expect(spoofed.status).toBe(429);
    }
  });
});

describe('sign-up limits and rules', () => {
  it('count every sign-up per address, successful or not, and say when to try again', async () => {
    const host = await start({ AUTH_SIGNUP_MAX: '3', AUTH_PROXY_IP_HEADER: 'x-forwarded-for' });
    const signUpFrom = async (address: string, email: string, password: string | null) => {
      const client = new SyncClient(host.url);
      const body = {
        ...(await client.signUpBody(email, password ?? PASSWORD, 'N')),
        ...(password === null ? { password: 'password' } : {}),
      };
      return client.request('POST', '/api/auth/sign-up/email', body, { headers: { 'X-Forwarded-For': address } });
    };
    expect((await signUpFrom('10.1.1.1', 'first@example.com', PASSWORD)).status).toBe(200);
    // A refused sign-up (a password in clear instead of a login secret) counts too.
    expect((await signUpFrom('10.1.1.1', 'second@example.com', null)).status).toBe(400);
    expect((await signUpFrom('10.1.1.1', 'first@example.com', PASSWORD)).status).toBe(200);
    const refused = await signUpFrom('10.1.1.1', 'fourth@example.com', PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      code: 'TOO_MANY_SIGN_UPS',
      message: 'Too many accounts were created from this network. Try again in 60 minutes.',
    });
    expect(retryAfter(refused)).toBeGreaterThan(3500);
    expect((await signUpFrom('10.1.1.2', 'fourth@example.com', PASSWORD)).status).toBe(200);
  });

  it('refuse a sign-up whose password is not a login secret, or without account keys, and names over 100 characters, alike for existing addresses; the strength of a password is the app’s to judge', async () => {
    const host = await start();
    await new SyncClient(host.url).register('taken@example.com', PASSWORD);
    for (const email of ['taken@example.com', 'fresh-person@example.com']) {
      const client = new SyncClient(host.url);
      const body = await client.signUpBody(email, 'a walk along the quiet river', 'Fresh Person');
      for (const password of ['password', 'a walk along the quiet river', body.password.slice(1)]) {
        const refused = await client.request('POST', '/api/auth/sign-up/email', { ...body, password });
        expect([refused.status, refused.json.code], password).toEqual([400, 'NOT_A_LOGIN_SECRET']);
      }
      for (const notepadKeys of [undefined, '{}', JSON.stringify({ state: 'upgrading', keys: JSON.parse(body.notepadKeys).keys }), 'x']) {
        const refused = await client.request('POST', '/api/auth/sign-up/email', { ...body, notepadKeys });
        expect([refused.status, refused.json.code], String(notepadKeys)).toEqual([400, 'BAD_ACCOUNT_KEYS']);
      }
      const long = await client.request('POST', '/api/auth/sign-up/email', { ...body, name: 'n'.repeat(101) });
      expect([long.status, long.json.code, long.json.message]).toEqual([400, 'NAME_TOO_LONG', 'Use a name of at most 100 characters.']);
    }
    expect(
      (await new SyncClient(host.url).signUp('fresh-person@example.com', 'a walk along the quiet river', 'n'.repeat(100))).status,
    ).toBe(200);
    expect((await new SyncClient(host.url).signIn('fresh-person@example.com', 'a walk along the quiet river')).status).toBe(200);
  });
});
