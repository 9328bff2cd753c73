import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Browser, TestInfo } from '@playwright/test';
import { startServer, type RunningHost } from '../../server/app';
import { createFunctions } from '../../server/functions';
import { createSyncService } from '../../server/sync/wiring';
import { startPostgres, type PostgresCluster } from '../support/postgres';
import { expect, test } from './fixtures';
import { DIST } from './functionsHost';
import { NotesPage } from './notesPage';
import { expectSameKeys, PASSWORD, signIn, syncStatus, uniqueEmail, waitSynced, type Device } from './syncDevices';

/**
 * End-to-end encrypted sync in Chromium (docs/sync.md "What the host can see", docs/product.md
 * "Account and sync"): two devices of one account on a host this test starts (SQLite files in a
 * folder of its own, or a throwaway Postgres), which records every request it receives. The host
 * keeps none of the typed words, no request carries the password, a password change signs the
 * other device out and keeps its edits, the recovery key sets a new password and is replaced by a
 * new one, and a host that asks for the password of an account this device opened gets nothing.
 */

/** A request as the host received it: path, headers and body (inflated when gzip). */
interface Received {
  path: string;
  headers: string;
  body: string;
}

/** A host of the e2e build with its own databases, recording every request to /api/auth and /functions/v1/sync. */
interface EncryptedHost extends RunningHost {
  received: Received[];
  dir: string;
  /** While true, the host lies: its salt answer asks every device for the password itself (`{upgrade: true}`). */
  asksForPassword: boolean;
}

/** Starts an EncryptedHost with `env`. */
async function startEncryptedHost(env: Record<string, string>): Promise<EncryptedHost> {
  const dir = mkdtempSync(join(tmpdir(), 'notepad-e2ee-'));
  const all = { SYNC_DB_PATH: join(dir, 'sync.sqlite'), USAGE_DB_PATH: join(dir, 'usage.sqlite'), AUTH_SIGNUP_MAX: '1000', ...env };
  const service = await createSyncService(all);
  const received: Received[] = [];
  const record = async (req: Request) => {
    const bytes = req.method === 'GET' ? new Uint8Array() : new Uint8Array(await req.clone().arrayBuffer());
    const gzip = req.headers.get('content-encoding') === 'gzip';
    received.push({
      path: new URL(req.url).pathname,
      headers: JSON.stringify([...req.headers]),
      body: Buffer.from(gzip ? gunzipSync(bytes) : bytes).toString('utf8'),
    });
  };
  const lies = { asksForPassword: false };
  const asked = () => new Response(JSON.stringify({ upgrade: true }), { status: 200, headers: { 'content-type': 'application/json' } });
  const host = await startServer({
    port: 0,
    host: '127.0.0.1',
    distDir: DIST,
    functions: createFunctions(all),
    sync: {
      ...service,
      handle: async (req, info) => {
        await record(req);
        return lies.asksForPassword && new URL(req.url).pathname.endsWith('/sync/salt') ? asked() : service.handle(req, info);
      },
      handleAuth: async (req, ip) => (await record(req), service.handleAuth(req, ip)),
    },
  });
  return Object.assign(lies, {
    ...host,
    received,
    dir,
    close: async () => {
      await host.close();
      rmSync(dir, { recursive: true, force: true });
    },
  });
}

/** A device of `host`: a context of its own, every request it sends recorded in `sent` (headers and body, where Chromium gives it). */
async function deviceOf(browser: Browser, url: string, sent: string[]): Promise<Device> {
  const context = await browser.newContext({ baseURL: url, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  page.on('request', (request) => sent.push(JSON.stringify([request.url(), request.headers(), request.postData()])));
  const app = new NotesPage(page);
  await app.open();
  return { context, page, app };
}

/** Write a note with `title` and `body` on `device`, and wait until it is saved. */
async function writeNote(device: Device, title: string, body: string): Promise<void> {
  await device.app.createNote(title);
  await device.app.typeBody(body);
  await device.app.waitForSavedText(body);
}

const WORDS = ['Zanzibar itinerary', 'pomegranate molasses', 'Quokka census', 'marzipan lighthouse'];

for (const kind of ['sqlite', 'postgres'] as const) {
  test(`two devices on ${kind}: the host keeps none of the typed words, titles included, and no request carries the password`, async ({
    browser,
  }, testInfo: TestInfo) => {
    test.setTimeout(180_000);
    let cluster: PostgresCluster | null = null;
    const env: Record<string, string> = {};
    if (kind === 'postgres') {
      cluster = await startPostgres({ durable: false });
      env.DATABASE_URL = await cluster.createDatabase('e2ee');
    }
    const host = await startEncryptedHost(env);
    const sent: string[] = [];
    try {
      const a = await deviceOf(browser, host.url, sent);
      const b = await deviceOf(browser, host.url, sent);
      const email = uniqueEmail(testInfo, 'sealed');
      const recoveryKey = await signIn(a, email, { create: true });
      expect(recoveryKey).toMatch(/^([A-Z2-7]{4}-){12}[A-Z2-7]{4}$/);
      await signIn(b, email);
      await writeNote(a, WORDS[0], WORDS[1]);
      await writeNote(b, WORDS[2], WORDS[3]);
      await a.app.row(WORDS[0]).getByRole('button', { name: 'Star' }).click();
      await expect(b.app.row(WORDS[0])).toBeVisible({ timeout: 10_000 });
      await expect(a.app.row(WORDS[2])).toBeVisible({ timeout: 10_000 });
      await expectSameKeys([a, b]);
      await waitSynced(a);
      await waitSynced(b);
      await a.context.close();
      await b.context.close();
      expect(host.received.filter((r) => r.path.endsWith('/push')).length).toBeGreaterThan(0);
      const onTheWire = [...host.received.map((r) => r.headers + r.body), ...sent].join('\n');
      expect(onTheWire).not.toContain(PASSWORD);
      for (const word of WORDS) expect(host.received.map((r) => r.body).join('\n')).not.toContain(word);
      // Everything the host keeps: its SQLite files (with their -wal), or a dump of its database.
      const kept =
        kind === 'postgres'
          ? execFileSync('pg_dump', ['--no-owner', env.DATABASE_URL], { encoding: 'utf8', maxBuffer: 1 << 28 })
          : readdirSync(host.dir)
              .filter((name) => name.includes('.sqlite'))
              .map((name) => readFileSync(join(host.dir, name)).toString('latin1'))
              .join('\n');
      expect(kept).toContain(email);
      for (const word of [...WORDS, PASSWORD]) expect(kept).not.toContain(word);
    } finally {
      await host.close().catch(() => undefined);
      await cluster?.stop();
    }
  });
}

const NEW_PASSWORD = 'quiet river walk at noon';

/** Open the Account dialog of a signed-in device. */
async function openAccount(device: Device) {
  await device.page.getByRole('button', { name: /^Account: / }).click();
  return device.page.getByRole('dialog', { name: 'Account' });
}

test('a password change keeps every note readable, signs the other device out with its edits kept, and a new device needs the new password', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const host = await startEncryptedHost({});
  try {
    const a = await deviceOf(browser, host.url, []);
    const b = await deviceOf(browser, host.url, []);
    const email = uniqueEmail(testInfo, 'changer');
    await signIn(a, email, { create: true });
    await signIn(b, email);
    await writeNote(a, 'Before the change', 'written before');
    await expect(b.app.row('Before the change')).toBeVisible({ timeout: 10_000 });

    const account = await openAccount(a);
    await account.getByRole('button', { name: 'Change password…' }).click();
    const change = a.page.getByRole('dialog', { name: 'Change password' });
    await expect(change).toContainText('Your other devices will be signed out.');
    await change.getByLabel('Current password').fill('not my password');
    await change.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await change.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect(change.getByRole('alert')).toHaveText('Wrong password.');
    await change.getByLabel('Current password').fill(PASSWORD);
    await change.getByRole('button', { name: 'Change password' }).click();
    // Two Argon2id derivations (the current password checked, the new one's keys): seconds on a loaded machine.
    await expect(a.page.getByText('Password changed', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(change).toHaveCount(0);

    // B was signed out: what it writes now waits on it, and is sent once it signs in with the new password.
    await writeNote(b, 'Written while signed out', 'kept on B');
    await expect(syncStatus(b.page)).toContainText(/Sign-in expired · \d+ changes? kept on this device/, { timeout: 30_000 });
    await b.page.getByRole('button', { name: 'Sign in again' }).click();
    const again = b.page.getByRole('dialog', { name: 'Sync your notes' });
    await again.getByLabel('Password').fill(PASSWORD);
    // A sync cycle while the form is open (here the browser says it is online again; a save does
    // the same) passes through "syncing" and back to "signed out": the password typed stays.
    const cycled = b.page.waitForResponse((response) => response.url().includes('/functions/v1/sync/'));
    await b.page.evaluate(() => window.dispatchEvent(new Event('online')));
    await cycled;
    await expect(syncStatus(b.page)).toContainText('Sign-in expired');
    await expect(again.getByLabel('Password')).toHaveValue(PASSWORD);
    await again.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(again.getByRole('alert')).toHaveText('Wrong e-mail or password.');
    await again.getByLabel('Password').fill(NEW_PASSWORD);
    await again.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(again).toHaveCount(0, { timeout: 20_000 });
    await waitSynced(b);
    await expect(a.app.row('Written while signed out')).toBeVisible({ timeout: 10_000 });

    // A new device: the old password opens nothing, the new one every note.
    const c = await deviceOf(browser, host.url, []);
    await c.page.getByRole('button', { name: 'Sign in to sync' }).click();
    const fresh = c.page.getByRole('dialog', { name: 'Sync your notes' });
    await fresh.getByLabel('E-mail').fill(email);
    await fresh.getByLabel('Password').fill(PASSWORD);
    await fresh.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(fresh.getByRole('alert')).toHaveText('Wrong e-mail or password.');
    await c.page.keyboard.press('Escape');
    await signIn(c, email, { password: NEW_PASSWORD });
    await expect(c.app.row('Before the change')).toBeVisible();
    await expect(c.app.row('Written while signed out')).toBeVisible();
    await expectSameKeys([a, b, c]);
  } finally {
    await host.close();
  }
});

test('the recovery key sets a new password on another device, keeps every note and is replaced by a new one shown once; Account shows that one after the password', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const host = await startEncryptedHost({});
  try {
    const a = await deviceOf(browser, host.url, []);
    const email = uniqueEmail(testInfo, 'recovering');
    const recoveryKey = (await signIn(a, email, { create: true }))!;
    await writeNote(a, 'Kept through recovery', 'still here');
    await waitSynced(a);

    const c = await deviceOf(browser, host.url, []);
    await c.page.getByRole('button', { name: 'Sign in to sync' }).click();
    await c.page.getByRole('button', { name: 'Forgot password? Use your recovery key' }).click();
    const recover = c.page.getByRole('dialog', { name: 'Use your recovery key' });
    await recover.getByLabel('E-mail').fill(email);
    await recover.getByLabel('Recovery key').fill(recoveryKey.replace(/-/g, ' ').toLowerCase());
    await recover.getByLabel('New password').fill(NEW_PASSWORD);
    await recover.getByRole('button', { name: 'Set new password' }).click();
    await expect(c.page.getByText('Password changed', { exact: true })).toBeVisible({ timeout: 20_000 });
    // The key used is replaced: the new one is shown once, as at sign-up.
    const saving = c.page.getByRole('dialog', { name: 'Save your new recovery key' });
    await expect(saving).toContainText('Your password is changed. The recovery key you used no longer works: this new one replaces it.');
    const newKey = (await saving.getByLabel('Recovery key').textContent())!;
    expect(newKey).toMatch(/^([A-Z2-7]{4}-){12}[A-Z2-7]{4}$/);
    expect(newKey).not.toBe(recoveryKey);
    await saving.screenshot({ path: testInfo.outputPath('new-recovery-key.png') });
    await saving.getByRole('button', { name: 'I saved it' }).click();
    await expect(saving).toHaveCount(0);
    await expect(c.app.row('Kept through recovery')).toBeVisible({ timeout: 10_000 });

    const account = await openAccount(c);
    await account.getByRole('button', { name: 'Show recovery key…' }).click();
    const reveal = c.page.getByRole('dialog', { name: 'Recovery key' });
    await reveal.getByLabel('Password').fill(PASSWORD);
    await reveal.getByRole('button', { name: 'Show recovery key' }).click();
    await expect(reveal.getByRole('alert')).toHaveText('Wrong password.');
    await reveal.getByLabel('Password').fill(NEW_PASSWORD);
    await reveal.getByRole('button', { name: 'Show recovery key' }).click();
    await expect(reveal.getByLabel('Recovery key')).toHaveText(newKey);
    await reveal.getByRole('button', { name: 'Done' }).click();

    // The old key opens nothing any more.
    const d = await deviceOf(browser, host.url, []);
    await d.page.getByRole('button', { name: 'Sign in to sync' }).click();
    await d.page.getByRole('button', { name: 'Forgot password? Use your recovery key' }).click();
    const again = d.page.getByRole('dialog', { name: 'Use your recovery key' });
    await again.getByLabel('E-mail').fill(email);
    await again.getByLabel('Recovery key').fill(recoveryKey);
    await again.getByLabel('New password').fill(PASSWORD);
    await again.getByRole('button', { name: 'Set new password' }).click();
    await expect(again.getByRole('alert')).toHaveText('Wrong e-mail or recovery key.');

    // A was signed out by the recovery: its next change waits for a sign-in with the new password.
    await writeNote(a, 'After recovery on A', 'waiting');
    await expect(syncStatus(a.page)).toContainText(/Sign-in expired/, { timeout: 30_000 });
  } finally {
    await host.close();
  }
});

test('a host that asks for the password of an account this device opened gets nothing, and the sign-in form says why', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const host = await startEncryptedHost({});
  const sent: string[] = [];
  try {
    const a = await deviceOf(browser, host.url, sent);
    const email = uniqueEmail(testInfo, 'pinned');
    await signIn(a, email, { create: true });
    await writeNote(a, 'Written before the host changed', 'kept here');
    await waitSynced(a);
    const account = await openAccount(a);
    await account.getByRole('button', { name: 'Sign out…' }).click();
    await a.page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Sign out' }).click();
    await expect(a.page.getByRole('button', { name: 'Sign in to sync' })).toBeVisible();
    // What the device remembers outlives signing out and reloading.
    await a.app.open();

    host.asksForPassword = true;
    const [fromHost, fromPage] = [host.received.length, sent.length];
    await a.page.getByRole('button', { name: 'Sign in to sync' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Sync your notes' });
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'The sync server asked this device to send your password itself. Your account is end-to-end encrypted, so NotePad never does that: nothing was sent and you are not signed in. The server may have been tampered with; ask its operator.',
    );
    await dialog.screenshot({ path: testInfo.outputPath('host-asks-for-password.png') });
    expect(host.received.slice(fromHost).map((r) => r.path)).toEqual(['/functions/v1/sync/salt']);
    expect([...host.received.slice(fromHost).map((r) => r.headers + r.body), ...sent.slice(fromPage)].join('\n')).not.toContain(PASSWORD);

    // The host answers as it should again: the same form signs in.
    host.asksForPassword = false;
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(dialog).toHaveCount(0, { timeout: 20_000 });
    await waitSynced(a);
    await expect(a.app.row('Written before the host changed')).toBeVisible();
  } finally {
    await host.close();
  }
});
