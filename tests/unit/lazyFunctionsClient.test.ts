import { describe, expect, it } from 'vitest';
import { createFakeFunctionsClient } from './fakeFunctionsClient';
import { FunctionsError } from '../../src/services/functionsError';
import { lazyFunctionsClient } from '../../src/services/lazyFunctionsClient';

describe('lazyFunctionsClient (ky loads on first call)', () => {
  it('loads nothing until the first call, then loads once and passes every call through in order', async () => {
    const fake = createFakeFunctionsClient({
      summarize: (text) => `sum:${text}`,
      findResources: () => [{ title: 't', url: 'https://x.org', description: '' }],
    });
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const client = lazyFunctionsClient(async () => {
      loads += 1;
      await gate;
      return fake;
    });
    expect(loads).toBe(0);
    const first = client.summarize('a', 'bullets');
    const second = client.findResources('b');
    const third = client.trackAppUsage({ app_name: 'NotePad', source: 'direct', session_id: 's' });
    release();
    await expect(first).resolves.toBe('sum:a');
    await expect(second).resolves.toEqual([{ title: 't', url: 'https://x.org', description: '' }]);
    await expect(third).resolves.toBeUndefined();
    expect(loads).toBe(1);
    expect(fake.calls.map((c) => c.fn)).toEqual(['summarize', 'find-resources', 'track-app-usage']);
    expect(fake.calls[0]).toEqual({ fn: 'summarize', text: 'a', format: 'bullets' });
  });

  it('fails a call as offline when the client cannot load, logs it, and loads again on the next call', async () => {
    const logged: string[] = [];
    let loads = 0;
    const client = lazyFunctionsClient(
      async () => {
        loads += 1;
        if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return createFakeFunctionsClient();
      },
      (m) => logged.push(m),
    );
    const failure = await client.summarize('x').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(FunctionsError);
    expect(failure).toMatchObject({ fn: 'summarize', kind: 'offline' });
    expect(logged).toEqual([expect.stringMatching(/^\[functions\] summarize failed \(offline\): /)]);
    await expect(client.summarize('Hi. There.')).resolves.toBe('Hi.');
    expect(loads).toBe(2);
  });

  it("passes the real client's failures through unchanged", async () => {
    const client = lazyFunctionsClient(async () =>
      createFakeFunctionsClient({
        findResources: () => {
          throw new FunctionsError('find-resources', 'http', 'boom', 502);
        },
      }),
    );
    await expect(client.findResources('x')).rejects.toMatchObject({ kind: 'http', status: 502 });
  });
});
