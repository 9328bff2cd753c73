// The host speaks the hosted Supabase shape: @supabase/functions-js `invoke` gets the same answers as
// a direct fetch, including errors as FunctionsHttpError with the JSON body.
import { FunctionsClient, FunctionsHttpError } from '@supabase/functions-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, call, startTestHost, type TestHost } from './functionsHelpers';

let host: TestHost;
let client: FunctionsClient;
beforeAll(async () => {
  host = await startTestHost();
  client = new FunctionsClient(host.base, { headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` } });
});
afterAll(async () => {
  await host.close();
});

const NOTE =
  'Solar panels on the school roof could cover a third of its electricity. The council asked for three quotes before the summer. Parents offered to help with a fundraising fair. The installation would take two weeks during the holidays.';

describe('FunctionsClient.invoke against the Node host', () => {
  it('gets the same summary, bullets, resources and tracking answers as a direct fetch', async () => {
    const cases: [string, Record<string, string>][] = [
      ['summarize', { text: NOTE }],
      ['summarize', { text: NOTE, format: 'bullets' }],
      ['find-resources', { text: NOTE }],
      ['track-app-usage', { app_name: 'NotePad', source: 'website', session_id: 'client-1' }],
    ];
    for (const [name, body] of cases) {
      const { data, error } = await client.invoke(name, { body });
      expect(error).toBeNull();
      const direct = await call(host.base, name, body);
      expect(direct.status).toBe(200);
      expect(data).toEqual(direct.json);
    }
  });

  it('reports a bad request as FunctionsHttpError whose context is the JSON error answer', async () => {
    const { data, error } = await client.invoke('summarize', { body: { text: '' } });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual((await call(host.base, 'summarize', { text: '' })).json);
  });

  it('reports a missing key as 401 and an unknown function as 404', async () => {
    const anonymous = new FunctionsClient(host.base);
    const unauthorized = await anonymous.invoke('summarize', { body: { text: NOTE } });
    expect(((unauthorized.error as FunctionsHttpError).context as Response).status).toBe(401);
    const unknown = await client.invoke('no-such-function', { body: { text: NOTE } });
    expect(((unknown.error as FunctionsHttpError).context as Response).status).toBe(404);
  });
});
