// Malformed pushes against the host as its own process (docs/sync.md "push"): bad JSON, wrong
// types, huge bodies, gzip bombs, unknown event types, duplicate ids, deep nesting. A request that
// is not a batch is a JSON 4xx and stores nothing; a bad event in a batch is refused in the 200
// answer and never stored, beside the good ones; the process keeps serving. Raw bytes go through
// sendRaw, so every request settles under a deadline. Seeded.
import { randomBytes, randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SCHEMA_VERSION } from '../../catalog/index.ts';
import { pick, randomInt, seededRandom } from '../support/random';
import { sendRaw, type RawOutcome } from '../support/rawRequest';
import { newDeviceId, noteEvent, SyncClient } from './client';
import { startSyncChild } from './host';

const SEED = 'sync-malformed-1';
const MIB = 1_048_576;
let child: Awaited<ReturnType<typeof startSyncChild>>;
let client: SyncClient;
const device = newDeviceId();

beforeAll(async () => {
  child = await startSyncChild();
  client = await new SyncClient(child.url).register('fuzzed@example.com');
}, 60_000);
afterAll(async () => child?.stop());

/** One hostile push: raw bytes and headers, and the 4xx statuses it may get. */
interface Case {
  label: string;
  body: Uint8Array | string;
  headers?: Record<string, string>;
  statuses: number[];
  chunkDelayMs?: number;
  /** Answered 200, the batch's last event must be refused in the answer (the others stored). */
  refusesLast?: boolean;
  /** Over the bytes the host reads and drops (MAX_DISCARD_BYTES): it may cut the connection instead of answering. */
  mayCut?: boolean;
}

/** An event as a device seals it: the envelope and `c` (random bytes here: the host cannot tell, and never reads them). */
const good = () => ({ v: EVENT_SCHEMA_VERSION, id: randomUUID(), at: new Date().toISOString(), c: randomBytes(60).toString('base64') });
const push = (events: unknown, deviceId: unknown = device) => JSON.stringify({ deviceId, events });

function cases(): Case[] {
  const random = seededRandom(SEED);
  const list: Case[] = [
    { label: 'bad JSON', body: '{"deviceId": "abc', statuses: [400] },
    { label: 'empty body', body: '', statuses: [400] },
    { label: 'array body', body: '[]', statuses: [400] },
    { label: 'number body', body: '42', statuses: [400] },
    { label: 'null body', body: 'null', statuses: [400] },
    {
      label: 'invalid UTF-8',
      body: Buffer.concat([Buffer.from('{"deviceId":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]),
      statuses: [400],
    },
    { label: 'deviceId number', body: push([good()], 12345678), statuses: [400] },
    { label: 'deviceId too short', body: push([good()], 'abc'), statuses: [400] },
    { label: 'deviceId with slash', body: push([good()], '../../etc/passwd'), statuses: [400] },
    { label: 'events missing', body: JSON.stringify({ deviceId: device }), statuses: [400] },
    { label: 'events object', body: push({ 0: good() }), statuses: [400] },
    { label: 'events string', body: push('events'), statuses: [400] },
    { label: 'events empty', body: push([]), statuses: [400] },
    { label: 'events too many', body: push(Array.from({ length: 501 }, good)), statuses: [413] },
    { label: 'element null', body: push([good(), null]), statuses: [400] },
    { label: 'element array', body: push([[good()]]), statuses: [400] },
    { label: 'id missing', body: push([{ ...good(), id: undefined }]), statuses: [400] },
    { label: 'id number', body: push([{ ...good(), id: 12345678 }]), statuses: [400] },
    { label: 'duplicate ids', body: push([good(), good()].map((e, _i, all) => ({ ...e, id: all[0].id }))), statuses: [400] },
    {
      label: 'event in clear',
      body: push([good(), noteEvent('note.created', { id: '1', title: 'x' })]),
      statuses: [200],
      refusesLast: true,
    },
    { label: 'newer schema', body: push([good(), { ...good(), v: EVENT_SCHEMA_VERSION + 1 }]), statuses: [200], refusesLast: true },
    {
      label: 'view event in clear',
      body: push([good(), noteEvent('ui.sort-changed', { sort: 'alpha' })]),
      statuses: [200],
      refusesLast: true,
    },
    { label: 'c not base64', body: push([good(), { ...good(), c: 'not base64 at all!' }]), statuses: [200], refusesLast: true },
    { label: 'c missing', body: push([good(), { ...good(), c: undefined }]), statuses: [200], refusesLast: true },
    { label: 'payload array', body: push([{ ...good(), payload: [] }]), statuses: [200], refusesLast: true },
    {
      label: 'extra payload field',
      body: push([{ ...good(), payload: { id: '1', title: 't', evil: true } }]),
      statuses: [200],
      refusesLast: true,
    },
    {
      label: '__proto__ payload',
      body: push([good()]).replace('"c":', '"__proto__":{"admin":true},"c":'),
      statuses: [200],
      refusesLast: true,
    },
    { label: 'seq string', body: push([{ ...good(), seq: 'one' }]), statuses: [200] },
    {
      label: 'event over 6 MiB',
      body: push([good(), noteEvent('note.body-saved', { id: '1', html: 'x'.repeat(6 * MIB + 10) })]),
      statuses: [200],
      refusesLast: true,
    },
    {
      label: 'body over 8 MiB',
      body: push(Array.from({ length: 5 }, () => noteEvent('note.body-saved', { id: '1', html: 'y'.repeat(1.9 * MIB) }))),
      statuses: [413],
      mayCut: true,
    },
    {
      label: 'body over 8 MiB sent slowly',
      body: push(Array.from({ length: 5 }, () => noteEvent('note.body-saved', { id: '1', html: 'z'.repeat(1.9 * MIB) }))),
      statuses: [413],
      chunkDelayMs: 1,
      mayCut: true,
    },
    { label: 'gzip bomb', body: gzipSync(Buffer.alloc(200 * MIB, 0x20)), headers: { 'Content-Encoding': 'gzip' }, statuses: [413] },
    {
      label: 'gzip bomb of valid JSON',
      body: gzipSync(Buffer.from(push([noteEvent('note.body-saved', { id: '1', html: ' '.repeat(20 * MIB) })]))),
      headers: { 'Content-Encoding': 'gzip' },
      statuses: [413],
    },
    { label: 'not gzip', body: '{"deviceId":"x"}', headers: { 'Content-Encoding': 'gzip' }, statuses: [400] },
    { label: 'brotli', body: push([good()]), headers: { 'Content-Encoding': 'br' }, statuses: [415] },
    { label: 'text/plain', body: push([good()]), headers: { 'Content-Type': 'text/plain' }, statuses: [415] },
    {
      label: 'deep nesting in a valid event',
      body: push([{ ...good(), payload: { id: '1', title: 't', blocks: ['NEST'] } }]).replace(
        '"NEST"',
        '['.repeat(20_000) + ']'.repeat(20_000),
      ),
      statuses: [400, 200],
      refusesLast: true,
    },
    {
      label: 'very deep nesting',
      body: `{"deviceId":"${device}","events":[{"id":"deep-event-1","payload":${'['.repeat(200_000)}${']'.repeat(200_000)}}]}`,
      statuses: [400, 200],
      refusesLast: true,
    },
  ];
  // Seeded variations: random wrong values in each field of an otherwise valid event.
  const fields = ['v', 'id', 'at', 'device', 'c'];
  const values = [null, true, -1, 1.5, 2 ** 60, '', 'x', [], {}, '\u0000', 'é'.repeat(70), '2026-13-45T99:00:00Z'];
  for (let i = 0; i < 60; i++) {
    const event: Record<string, unknown> = good();
    const field = pick(random, fields);
    event[field] = pick(random, values);
    if (field === 'id' && typeof event.id === 'string' && event.id.length >= 8 && event.id.length <= 64) continue;
    list.push({
      label: `random ${field}=${JSON.stringify(event[field]).slice(0, 20)}`,
      body: push([good(), event]),
      statuses: field === 'id' && typeof event.id !== 'string' ? [400] : [200],
      refusesLast: true,
    });
  }
  for (let i = 0; i < 30; i++) {
    const text = push([good(), good()]);
    list.push({ label: `truncated at ${i}`, body: text.slice(0, randomInt(random, text.length - 1)), statuses: [400] });
  }
  return list;
}

describe('malformed pushes', () => {
  it('answers every hostile push with a JSON 4xx or refuses its bad event in the answer, stores nothing bad, and keeps serving', async () => {
    const all = cases();
    expect(all.length).toBeGreaterThan(100);
    let stored = (await client.pullAll(device)).events.length;
    for (const testCase of all) {
      const outcome: RawOutcome = await sendRaw({
        url: `${child.url}functions/v1/sync/push`,
        headers: { 'Content-Type': 'application/json', Cookie: client.cookie!, Origin: client.origin, ...testCase.headers },
        body: testCase.body,
        chunkDelayMs: testCase.chunkDelayMs,
        timeoutMs: 60_000,
      });
      if (outcome.kind !== 'answer') {
        expect(testCase.mayCut && ['ECONNRESET', 'EPIPE'].includes(outcome.code), `${testCase.label}: ${outcome.code}`).toBe(true);
        expect((await client.head(device)).json.head, testCase.label).toBe(stored);
        continue;
      }
      expect(testCase.statuses, `${testCase.label}: ${outcome.status} ${outcome.body.slice(0, 200)}`).toContain(outcome.status);
      expect(typeof JSON.parse(outcome.body).error, testCase.label).toBe(outcome.status === 200 ? 'undefined' : 'string');
      if (outcome.status === 200) {
        const answer = JSON.parse(outcome.body);
        if (testCase.refusesLast) expect(answer.refused, testCase.label).toEqual([{ id: expect.any(String), reason: expect.any(String) }]);
        else expect(answer.refused, testCase.label).toEqual([]);
        if (testCase.label === 'event over 6 MiB') expect(answer.refused[0].reason).toMatch(/too large to sync: \d+ bytes/);
        // A `seq` of any value is dropped before storing, so that batch is accepted.
        stored += answer.accepted.length;
      }
      expect((await client.head(device)).json.head, testCase.label).toBe(stored);
    }
    expect(child.child.exitCode).toBeNull();
    const after = await client.push(device, [good()]);
    expect(after.status).toBe(200);
  }, 300_000);
});
