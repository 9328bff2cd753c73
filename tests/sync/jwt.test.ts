// Tokens of an external identity provider (docs/sync.md "External identity provider"): a JWKS
// served by this test on 127.0.0.1 with a key pair made here; valid tokens sync as `jwt:<sub>`,
// expired, foreign, wrongly signed and unsigned tokens get 401.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ky from 'ky';
import { CHECKPOINT_PROOF_REFUSED, checkpointVerifierOf } from '../../catalog/index.ts';
import { readRecoveryKey, recoveryProof } from '../../src/services/sync/e2ee/deviceKeys';
import { httpKeysApi } from '../../src/services/sync/keysApi';
import { resetPassphrase, setPassphrase, unlockWithPassphrase } from '../../src/services/sync/passphrase';
import { freePort } from '../support/postgres';
import { newDeviceId, noteEvent, SyncClient } from './client';
import { startSyncHost, type InProcessHost } from './host';

const ISSUER = 'https://project.supabase.example/auth/v1';
const AUDIENCE = 'authenticated';
let jwks: Server;
let host: InProcessHost;
let privateKey: CryptoKey;
let otherKey: CryptoKey;
let jwksRequests = 0;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token signed with `key` (default: the served key), claims merged over valid ones. */
async function token(
  claims: Record<string, unknown> = {},
  key: CryptoKey = privateKey,
  header: Record<string, unknown> = { alg: 'ES256', kid: 'test-key' },
) {
  const now = Math.floor(Date.now() / 1000);
  const payload = { sub: 'user-1', iss: ISSUER, aud: AUDIENCE, iat: now, exp: now + 3600, role: 'authenticated', ...claims };
  for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name as keyof typeof payload];
  return new SignJWT(payload).setProtectedHeader(header as { alg: string }).sign(key);
}

/** An account key as a device holds one. */
const sealingKey = () => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);

/** The app's key endpoints with a bearer token, as a page signed in with the provider calls them. */
const keysWith = (bearer: string) => httpKeysApi(new URL(host.url).origin, ky.create({ headers: { Authorization: `Bearer ${bearer}` } }));

const withBearer = (bearer: string) => {
  const client = new SyncClient(host.url);
  client.bearer = bearer;
  return client;
};

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair('ES256')).privateKey;
  const publicJwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'ES256', use: 'sig' };
  jwks = createServer((req, res) => {
    void req;
    jwksRequests++;
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((done) => jwks.listen(0, '127.0.0.1', () => done()));
  const { port } = jwks.address() as AddressInfo;
  host = await startSyncHost({
    AUTH_JWKS_URL: `http://127.0.0.1:${port}/auth/v1/.well-known/jwks.json`,
    AUTH_JWT_ISSUER: ISSUER,
    AUTH_JWT_AUDIENCE: AUDIENCE,
  });
}, 60_000);
afterAll(async () => {
  await host?.close();
  await new Promise<void>((done) => (jwks ? jwks.close(() => done()) : done()));
});

describe('external identity provider tokens', () => {
  it('sets an encryption passphrase once, unlocks the same account key with it on another device, and resets it with the recovery key', async () => {
    const bearer = await token({ sub: 'passphrase-user' });
    expect((await keysWith(bearer).read()).state).toBe('none');
    const first = await setPassphrase(keysWith(bearer), 'a passphrase for my notes');
    await expect(setPassphrase(keysWith(bearer), 'another passphrase here')).rejects.toMatchObject({ failure: 'invalid' });
    const client = withBearer(bearer);
    client.keyring = { userId: 'jwt:passphrase-user', key: first.accountKey };
    const device = newDeviceId();
    const event = noteEvent('note.created', { id: '1700000000009', title: 'sealed for a token' });
    expect((await client.push(device, [event])).json.accepted).toHaveLength(1);
    const sealed = (await client.pull(device)).json.events[0].event;
    expect(JSON.stringify(sealed)).not.toContain('sealed for a token');
    // Another device: the same sub, a new token, the passphrase.
    const later = await token({ sub: 'passphrase-user' });
    await expect(unlockWithPassphrase(keysWith(later), 'not my passphrase')).rejects.toMatchObject({ failure: 'wrong-credentials' });
    const other = withBearer(later);
    other.keyring = { userId: 'jwt:passphrase-user', key: await unlockWithPassphrase(keysWith(later), 'a passphrase for my notes') };
    expect(await other.open(sealed)).toEqual(event);
    // Forgotten: the recovery key sets a new passphrase; the old one no longer unlocks.
    await expect(resetPassphrase(keysWith(later), 'AAAA-'.repeat(12) + 'AAAA', 'a new passphrase')).rejects.toMatchObject({
      failure: 'wrong-credentials',
    });
    const reset = await resetPassphrase(keysWith(later), first.recoveryKey, 'a new passphrase');
    other.keyring = { userId: 'jwt:passphrase-user', key: reset.accountKey };
    expect(await other.open(sealed)).toEqual(event);
    // The recovery key used is replaced by a new one: the old one opens nothing any more.
    expect(reset.recoveryKey).not.toBe(first.recoveryKey);
    await expect(resetPassphrase(keysWith(later), first.recoveryKey, 'yet another passphrase')).rejects.toMatchObject({
      failure: 'wrong-credentials',
    });
    await expect(unlockWithPassphrase(keysWith(later), 'a passphrase for my notes')).rejects.toMatchObject({
      failure: 'wrong-credentials',
    });
    other.keyring = { userId: 'jwt:passphrase-user', key: await unlockWithPassphrase(keysWith(later), 'a new passphrase') };
    expect(await other.open(sealed)).toEqual(event);
    // Another token's account has its own keys, or none.
    expect((await keysWith(await token({ sub: 'someone-else' })).read()).state).toBe('none');
  }, 60_000);

  it('registers a checkpoint verifier for an external identity with its recovery proof, and forgets it when the passphrase is reset', async () => {
    const bearer = await token({ sub: 'checkpoint-user' });
    const client = withBearer(bearer);
    const device = newDeviceId();
    const register = async (proof: string) =>
      client.request('POST', '/functions/v1/sync/checkpoint-verifier', {
        deviceId: device,
        recoveryProof: proof,
        verifier: await checkpointVerifierOf('B'.repeat(43)),
      });
    const stranger = Buffer.alloc(32, 7).toString('base64url');
    expect((await register(stranger)).status).toBe(409);
    const first = await setPassphrase(keysWith(bearer), 'a passphrase for checkpoints');
    expect((await register(stranger)).json).toEqual({ error: 'Wrong recovery key' });
    expect((await register(await recoveryProof(readRecoveryKey(first.recoveryKey)!))).json).toEqual({ ok: true });
    client.keyring = { userId: 'jwt:checkpoint-user', key: first.accountKey };
    const pushed = await client.push(device, [noteEvent('note.created', { id: '1700000000010', title: 'x' })]);
    expect((await client.putSnapshot(device, pushed.json.head, { order: [] })).json).toEqual({ error: CHECKPOINT_PROOF_REFUSED });
    // A new recovery key: the verifier registered with the old one is forgotten, uploads without a proof are stored again.
    const reset = await resetPassphrase(keysWith(bearer), first.recoveryKey, 'a new passphrase for checkpoints');
    client.keyring = { userId: 'jwt:checkpoint-user', key: reset.accountKey };
    expect((await client.putSnapshot(device, pushed.json.head, { order: [] })).status).toBe(200);
  }, 60_000);

  it('accepts a valid token: the account is jwt:<sub>, apart from any local account', async () => {
    const device = newDeviceId();
    const client = withBearer(await token({ sub: 'supabase-user-7' }));
    client.keyring = { userId: 'jwt:supabase-user-7', key: await sealingKey() };
    const pushed = await client.push(device, [noteEvent('note.created', { id: '1700000000001', title: 'from supabase' })]);
    expect(pushed.status).toBe(200);
    expect((await client.pull(device)).json.events).toHaveLength(1);
    // The same sub in a new token reaches the same log; another sub does not.
    expect((await withBearer(await token({ sub: 'supabase-user-7' })).head(newDeviceId())).json.head).toBe(1);
    expect((await withBearer(await token({ sub: 'supabase-user-8' })).head(newDeviceId())).json.head).toBe(0);
    // A local account whose id equals the sub is another user: ids of tokens are namespaced.
    const local = await new SyncClient(host.url).register('local@example.com');
    const localId = (await local.session()).json.user.id as string;
    const sameSub = withBearer(await token({ sub: localId }));
    sameSub.keyring = { userId: `jwt:${localId}`, key: await sealingKey() };
    await sameSub.push(newDeviceId(), [noteEvent('note.created', { id: '1700000000002', title: 'jwt side' })]);
    expect((await local.head(newDeviceId())).json.head).toBe(0);
    expect(jwksRequests).toBeGreaterThan(0);
  });

  it('refuses expired, foreign, wrongly signed and unsigned tokens with 401 JSON', async () => {
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'user-1', iss: ISSUER, aud: AUDIENCE, exp: now + 3600 })}.`;
    const hmacKey = new TextEncoder().encode('a shared secret that is long enough for HS256!!');
    const hmac = await new SignJWT({ sub: 'user-1', iss: ISSUER, aud: AUDIENCE, exp: now + 3600 })
      .setProtectedHeader({ alg: 'HS256', kid: 'test-key' })
      .sign(hmacKey);
    const cases: Record<string, string> = {
      expired: await token({ iat: now - 7200, exp: now - 3600 }),
      'wrong issuer': await token({ iss: 'https://evil.example/auth/v1' }),
      'wrong audience': await token({ aud: 'service_role' }),
      'wrong key': await token({}, otherKey),
      'wrong key, no kid': await token({}, otherKey, { alg: 'ES256' }),
      'alg none': unsigned,
      'HS256 with a shared secret': hmac,
      'no sub': await token({ sub: undefined }),
      'empty sub': await token({ sub: '' }),
      'no exp': await token({ exp: undefined }),
      'not yet valid': await token({ nbf: now + 3600 }),
      garbage: 'not.a.token',
      'tampered payload': (await token()).replace(
        /\.([^.]+)\./,
        (_, p: string) => `.${b64({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: 'someone-else' })}.`,
      ),
    };
    for (const [label, bearer] of Object.entries(cases)) {
      const answer = await withBearer(bearer).head(newDeviceId());
      expect(answer.status, label).toBe(401);
      expect(answer.json.error, label).toMatch(/sign-in/i);
    }
    const noScheme = await new SyncClient(host.url).request('GET', `/functions/v1/sync/head?deviceId=${newDeviceId()}`, undefined, {
      headers: { Authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(noScheme.status).toBe(401);
  });

  it('does not apply the cookie origin rule to bearer tokens (they are not sent by the browser by itself)', async () => {
    const client = withBearer(await token({ sub: 'cross-origin-user' }));
    const answer = await client.request('GET', `/functions/v1/sync/head?deviceId=${newDeviceId()}`, undefined, {
      headers: { Origin: 'https://other-app.example' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers 503 when the provider’s keys cannot be fetched, 401 when no provider is configured', async () => {
    const closedPort = await freePort();
    const unreachable = await startSyncHost({ AUTH_JWKS_URL: `http://127.0.0.1:${closedPort}/jwks.json`, AUTH_JWT_ISSUER: ISSUER });
    const plain = await startSyncHost();
    try {
      const bearer = await token();
      const client = new SyncClient(unreachable.url);
      client.bearer = bearer;
      expect((await client.head(newDeviceId())).status).toBe(503);
      const without = new SyncClient(plain.url);
      without.bearer = bearer;
      expect((await without.head(newDeviceId())).status).toBe(401);
    } finally {
      await unreachable.close();
      await plain.close();
    }
  });
});
