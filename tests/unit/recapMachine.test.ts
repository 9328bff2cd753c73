import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { recapMachine } from '../../src/machines/recap';
import { resourcesMachine } from '../../src/machines/resources';
import type { Resource } from '../../src/machines/resources';

/** A promise whose settling the test controls. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The recap machine with a fake summarize actor answering from `answer`, and spies for every effect. */
function startRecap(answer: (input: { text: string; format?: 'bullets' }) => Promise<string>) {
  const calls: { text: string; format?: 'bullets' }[] = [];
  const effects = {
    summaryRequested: vi.fn(),
    summaryReceived: vi.fn(),
    summaryFailed: vi.fn(),
    formatChanged: vi.fn(),
    insertRecap: vi.fn(),
  };
  const machine = recapMachine.provide({
    actors: {
      summarize: fromPromise(async ({ input }: { input: { text: string; format?: 'bullets' } }) => {
        calls.push(input);
        return answer(input);
      }),
    },
    actions: {
      summaryRequested: (_, p) => effects.summaryRequested(p),
      summaryReceived: (_, p) => effects.summaryReceived(p),
      summaryFailed: (_, p) => effects.summaryFailed({ ...p, error: (p.error as Error).message }),
      formatChanged: (_, p) => effects.formatChanged(p),
      insertRecap: (_, p) => effects.insertRecap(p),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls, effects };
}

const summarizeNote = {
  type: 'recap.summarize',
  noteId: '1700000000000',
  title: 'Trip',
  text: 'We fly Monday. We land Tuesday.',
  scope: 'note',
} as const;

describe('recap machine', () => {
  it('summarizes the given text and shows the paragraph summary', async () => {
    const { actor, calls, effects } = startRecap(async () => 'We travel early in the week.');
    actor.send(summarizeNote);
    expect(actor.getSnapshot().value).toBe('summarizing');
    await waitFor(actor, (s) => s.matches('paragraph'));
    expect(calls).toEqual([{ text: 'We fly Monday. We land Tuesday.' }]);
    expect(actor.getSnapshot().context).toMatchObject({ title: 'Trip', paragraph: 'We travel early in the week.', bullets: null });
    expect(effects.summaryRequested).toHaveBeenCalledWith({ noteId: '1700000000000', format: 'paragraph', scope: 'note' });
    expect(effects.summaryReceived).toHaveBeenCalledWith({
      noteId: '1700000000000',
      format: 'paragraph',
      summary: 'We travel early in the week.',
    });
  });

  it('asks for bullets once, restores the paragraph text, and reuses the bullets on the next switch', async () => {
    const { actor, calls, effects } = startRecap(async ({ format }) =>
      format === 'bullets' ? '• We fly.\n• We land.' : 'We fly and land.',
    );
    actor.send(summarizeNote);
    await waitFor(actor, (s) => s.matches('paragraph'));

    actor.send({ type: 'recap.format', format: 'bullets' });
    expect(actor.getSnapshot().value).toBe('converting');
    await waitFor(actor, (s) => s.matches('bullets'));
    expect(actor.getSnapshot().context.bullets).toBe('• We fly.\n• We land.');

    actor.send({ type: 'recap.format', format: 'paragraph' });
    expect(actor.getSnapshot().value).toBe('paragraph');
    expect(actor.getSnapshot().context.paragraph).toBe('We fly and land.');

    actor.send({ type: 'recap.format', format: 'bullets' });
    expect(actor.getSnapshot().value).toBe('bullets');
    expect(calls).toEqual([{ text: 'We fly Monday. We land Tuesday.' }, { text: 'We fly Monday. We land Tuesday.', format: 'bullets' }]);
    expect(effects.formatChanged.mock.calls.map(([p]) => p.format)).toEqual(['bullets', 'paragraph', 'bullets']);
  });

  it('ignores a switch to the format already shown', async () => {
    const { actor, calls, effects } = startRecap(async () => 'Short.');
    actor.send(summarizeNote);
    await waitFor(actor, (s) => s.matches('paragraph'));
    actor.send({ type: 'recap.format', format: 'paragraph' });
    expect(actor.getSnapshot().value).toBe('paragraph');
    expect(calls).toHaveLength(1);
    expect(effects.formatChanged).not.toHaveBeenCalled();
  });

  it('goes to failed when the summary fails, and Retry asks again with the same text', async () => {
    let attempt = 0;
    const { actor, calls, effects } = startRecap(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('provider failed');
      return 'Second time lucky.';
    });
    actor.send(summarizeNote);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(effects.summaryFailed).toHaveBeenCalledWith({ noteId: '1700000000000', format: 'paragraph', error: 'provider failed' });
    expect((actor.getSnapshot().context.error as Error).message).toBe('provider failed');

    actor.send({ type: 'recap.retry' });
    await waitFor(actor, (s) => s.matches('paragraph'));
    expect(calls.map((c) => c.text)).toEqual([summarizeNote.text, summarizeNote.text]);
    expect(actor.getSnapshot().context.paragraph).toBe('Second time lucky.');
  });

  it('stays on the paragraph when the bullet conversion fails, and asks again on the next switch', async () => {
    let bulletAttempts = 0;
    const { actor, effects } = startRecap(async ({ format }) => {
      if (format !== 'bullets') return 'Paragraph.';
      bulletAttempts += 1;
      if (bulletAttempts === 1) throw new Error('timeout');
      return '• Paragraph.';
    });
    actor.send(summarizeNote);
    await waitFor(actor, (s) => s.matches('paragraph'));
    actor.send({ type: 'recap.format', format: 'bullets' });
    await waitFor(actor, (s) => s.matches('paragraph'));
    expect(effects.summaryFailed).toHaveBeenCalledWith({ noteId: '1700000000000', format: 'bullets', error: 'timeout' });
    expect(effects.formatChanged).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.paragraph).toBe('Paragraph.');

    actor.send({ type: 'recap.format', format: 'bullets' });
    await waitFor(actor, (s) => s.matches('bullets'));
    expect(bulletAttempts).toBe(2);
  });

  it('inserts the text of the format shown', async () => {
    const { actor, effects } = startRecap(async ({ format }) => (format === 'bullets' ? '• A.' : 'A.'));
    actor.send(summarizeNote);
    await waitFor(actor, (s) => s.matches('paragraph'));
    actor.send({ type: 'recap.insert' });
    actor.send({ type: 'recap.format', format: 'bullets' });
    await waitFor(actor, (s) => s.matches('bullets'));
    actor.send({ type: 'recap.insert' });
    expect(effects.insertRecap.mock.calls.map(([p]) => p)).toEqual([
      { noteId: '1700000000000', format: 'paragraph', text: 'A.' },
      { noteId: '1700000000000', format: 'bullets', text: '• A.' },
    ]);
  });

  it('a new summarize while one is running drops the first answer', async () => {
    const first = deferred<string>();
    let call = 0;
    const { actor, effects } = startRecap(() => (++call === 1 ? first.promise : Promise.resolve('Second note summary.')));
    actor.send(summarizeNote);
    actor.send({ ...summarizeNote, noteId: '1700000000001', title: 'Other', text: 'Other text.' });
    await waitFor(actor, (s) => s.matches('paragraph'));
    first.resolve('First note summary.');
    await Promise.resolve();
    expect(actor.getSnapshot().context).toMatchObject({ noteId: '1700000000001', title: 'Other', paragraph: 'Second note summary.' });
    expect(effects.summaryReceived).toHaveBeenCalledTimes(1);
  });

  it('close goes back to idle and a pending answer is dropped', async () => {
    const pending = deferred<string>();
    const { actor, effects } = startRecap(() => pending.promise);
    actor.send(summarizeNote);
    actor.send({ type: 'recap.close' });
    pending.resolve('Too late.');
    await Promise.resolve();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(effects.summaryReceived).not.toHaveBeenCalled();
  });
});

describe('resources machine', () => {
  const resource: Resource = { title: 'Paris', url: 'https://en.wikipedia.org/wiki/Paris', description: 'Encyclopedia article' };

  function startResources(answer: () => Promise<Resource[]>) {
    const effects = { resourcesRequested: vi.fn(), resourcesReceived: vi.fn(), resourcesFailed: vi.fn() };
    const actor = createActor(
      resourcesMachine.provide({
        actors: { findResources: fromPromise(answer) },
        actions: {
          resourcesRequested: (_, p) => effects.resourcesRequested(p),
          resourcesReceived: (_, p) => effects.resourcesReceived(p),
          resourcesFailed: (_, p) => effects.resourcesFailed({ ...p, error: (p.error as Error).message }),
        },
      }),
    ).start();
    return { actor, effects };
  }

  it('finds resources and shows them, recording the request and the count', async () => {
    const { actor, effects } = startResources(async () => [resource]);
    actor.send({ type: 'resources.find', noteId: '1700000000000', text: 'Paris in spring' });
    expect(actor.getSnapshot().value).toBe('finding');
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context.resources).toEqual([resource]);
    expect(effects.resourcesRequested).toHaveBeenCalledWith({ noteId: '1700000000000' });
    expect(effects.resourcesReceived).toHaveBeenCalledWith({ noteId: '1700000000000', count: 1 });
  });

  it('fails, and Retry asks again', async () => {
    let attempt = 0;
    const { actor, effects } = startResources(async () => {
      if (++attempt === 1) throw new Error('The answer has no resources list');
      return [];
    });
    actor.send({ type: 'resources.find', noteId: '1700000000000', text: 'x' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(effects.resourcesFailed).toHaveBeenCalledWith({ noteId: '1700000000000', error: 'The answer has no resources list' });
    actor.send({ type: 'resources.retry' });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context.resources).toEqual([]);
  });
});
