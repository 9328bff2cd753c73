// The per-address rate limit of summarize and find-resources (README "Functions"): a fixed window
// per client that an allowed request never extends, 429 with Retry-After through the real host
// (before the body is read, after the key check), one budget for both functions, other addresses
// and track-app-usage untouched, and the address a trusted proxy names.
import { describe, expect, it } from 'vitest';
import { addressKey } from '../../functions/_shared/clientAddress.ts';
import { createMemoryRateLimiter } from '../../functions/_shared/rateLimit.ts';
import { AUTH, call, JSON_HEADERS, startTestHost } from './functionsHelpers';

const NOTE = 'Bees pollinate about a third of the crops people eat. Farmers plant wildflower strips beside their fields to help them.';

describe('the in-memory rate limiter', () => {
  it('allows max requests per key in a window that starts at the first one, then says how long to wait', () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter({ max: 3, windowS: 60 }, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.take('a')).toEqual({ allowed: true });
      now += 10_000;
    }
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterS: 30 });
    expect(limiter.take('b')).toEqual({ allowed: true });
    now += 29_500;
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterS: 1 });
    now += 500;
    expect(limiter.take('a')).toEqual({ allowed: true });
  });

  it('keeps no more than maxKeys windows, dropping the oldest', () => {
    let now = 0;
    const limiter = createMemoryRateLimiter({ max: 1, windowS: 60 }, () => now, 10);
    for (let i = 0; i < 50; i++) {
      now += 1;
      expect(limiter.take(`key-${i}`)).toEqual({ allowed: true });
    }
    // The newest keys are still counted; the oldest were dropped to stay within 10.
    expect(limiter.take('key-49').allowed).toBe(false);
    expect(limiter.take('key-0').allowed).toBe(true);
  });
});

describe('client addresses', () => {
  it('count IPv4 as is (also IPv4-mapped), IPv6 by its /64 network', () => {
    expect(['203.0.113.7', '::ffff:203.0.113.7', '::FFFF:cb00:7107'].map(addressKey)).toEqual([
      '203.0.113.7',
      '203.0.113.7',
      '203.0.113.7',
    ]);
    expect(addressKey('2001:DB8:aa:bb:1::5')).toBe('2001:db8:aa:bb::/64');
    expect(addressKey('[2001:db8:aa:bb:ffff::9]')).toBe(addressKey('2001:db8:aa:bb::1'));
    expect(addressKey('2001:db8:aa:bc::1')).not.toBe(addressKey('2001:db8:aa:bb::1'));
  });
});

describe('summarize and find-resources through the host', () => {
  it('answer 429 with Retry-After once an address used its budget, shared by both, and refuse before reading the body', async () => {
    const host = await startTestHost({ FUNCTIONS_RATE_MAX: '3', FUNCTIONS_RATE_WINDOW_S: '60' });
    try {
      // Requests with a wrong key are refused first and spend nothing.
      for (let i = 0; i < 5; i++)
        expect(
          (await call(host.base, 'summarize', { text: NOTE }, { headers: { apikey: 'wrong', 'Content-Type': 'application/json' } })).status,
        ).toBe(401);
      expect((await call(host.base, 'summarize', { text: NOTE })).status).toBe(200);
      expect((await call(host.base, 'find-resources', { text: NOTE })).status).toBe(200);
      expect((await call(host.base, 'summarize', { text: NOTE, format: 'bullets' })).status).toBe(200);
      for (const name of ['summarize', 'find-resources']) {
        const refused = await call(host.base, name, { text: NOTE });
        expect(refused.status).toBe(429);
        expect(refused.json.error).toMatch(/^Too many requests from this address: try again in \d+ seconds?$/);
        const retryAfter = Number(refused.headers.get('retry-after'));
        expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
        expect(refused.headers.get('access-control-allow-origin')).toBe('*');
      }
      // Refused before the body: even a malformed one gets the 429.
      expect((await call(host.base, 'summarize', '{not json', { raw: true })).status).toBe(429);
      const tracked = await call(host.base, 'track-app-usage', { app_name: 'NotePad', source: 'direct', session_id: 'rate' });
      expect(tracked.status).toBe(200);
      expect((await fetch(`${host.base}/summarize`, { method: 'OPTIONS', headers: AUTH })).status).toBe(204);
    } finally {
      await host.close();
    }
  });

  it('count each address a trusted proxy names on its own', async () => {
    const host = await startTestHost({ FUNCTIONS_RATE_MAX: '1', AUTH_PROXY_IP_HEADER: 'x-forwarded-for' });
    try {
      const from = (address: string) =>
        call(host.base, 'summarize', { text: NOTE }, { headers: { ...JSON_HEADERS, 'X-Forwarded-For': address } });
      expect((await from('198.51.100.1')).status).toBe(200);
      expect((await from('198.51.100.1')).status).toBe(429);
      // A proxy that appends puts the address it saw last: what a client wrote before it does not count.
      expect((await from('198.51.100.2, 198.51.100.1')).status).toBe(429);
      expect((await from('198.51.100.2')).status).toBe(200);
      expect((await from('2001:db8:1:2::10')).status).toBe(200);
      expect((await from('2001:db8:1:2::11')).status).toBe(429);
    } finally {
      await host.close();
    }
  });
});
