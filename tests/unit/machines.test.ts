import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { titleEditorMachine } from '../../src/machines/titleEditor';
import { AUTOSAVE_DELAY_MS, AUTOSAVE_MAX_WAIT_MS, autosaveMachine } from '../../src/machines/autosave';

describe('titleEditor machine', () => {
  const start = () => {
    const saveTitle = vi.fn();
    const actor = createActor(titleEditorMachine.provide({ actions: { saveTitle: (_, p) => saveTitle(p.title) } }), {
      input: { title: 'Old' },
    });
    actor.start();
    actor.send({ type: 'title.edit' });
    return { actor, saveTitle };
  };

  it('saves a trimmed new title on commit', () => {
    const { actor, saveTitle } = start();
    actor.send({ type: 'title.change', value: '  New title ' });
    actor.send({ type: 'title.commit' });
    expect(saveTitle).toHaveBeenCalledWith('New title');
    expect(actor.getSnapshot().value).toBe('viewing');
    expect(actor.getSnapshot().context.title).toBe('New title');
  });

  it('closes without saving an empty or unchanged title', () => {
    const { actor, saveTitle } = start();
    actor.send({ type: 'title.change', value: '   ' });
    actor.send({ type: 'title.commit' });
    actor.send({ type: 'title.edit' });
    actor.send({ type: 'title.change', value: 'Old ' });
    actor.send({ type: 'title.commit' });
    expect(saveTitle).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('viewing');
  });

  it('restores the previous title on cancel', () => {
    const { actor, saveTitle } = start();
    actor.send({ type: 'title.change', value: 'Typo' });
    actor.send({ type: 'title.cancel' });
    expect(saveTitle).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.draft).toBe('Old');
  });
});

describe('autosave machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const start = (skipped = false) => {
    const save = vi.fn(async (_noteId: string) => ({ skipped }));
    const notifySaved = vi.fn();
    const actor = createActor(
      autosaveMachine.provide({
        actors: { saveNote: fromPromise(async ({ input }) => save(input.noteId)) },
        actions: { notifySaved },
      }),
    );
    actor.start();
    return { actor, save, notifySaved };
  };

  it(`saves ${AUTOSAVE_DELAY_MS} ms after the last input, not before`, async () => {
    const { actor, save, notifySaved } = start();
    actor.send({ type: 'editor.input', noteId: '1' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1);
    actor.send({ type: 'editor.input', noteId: '1' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledWith('1');
    expect(notifySaved).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('clean');
  });

  it(`saves after ${AUTOSAVE_MAX_WAIT_MS} ms of input with no ${AUTOSAVE_DELAY_MS} ms pause, then waits that long again`, async () => {
    const { actor, save } = start();
    const step = AUTOSAVE_DELAY_MS / 2;
    const typeFor = async (ms: number) => {
      for (let t = 0; t < ms; t += step) {
        actor.send({ type: 'editor.input', noteId: '1' });
        await vi.advanceTimersByTimeAsync(step);
      }
    };
    await typeFor(AUTOSAVE_MAX_WAIT_MS - step);
    expect(save).not.toHaveBeenCalled();
    await typeFor(step);
    expect(save).toHaveBeenCalledTimes(1);
    // The next window starts with the first input after that save.
    await typeFor(AUTOSAVE_MAX_WAIT_MS - step);
    expect(save).toHaveBeenCalledTimes(1);
    await typeFor(2 * step);
    expect(save).toHaveBeenCalledTimes(2);
    // A pause still saves once, AUTOSAVE_DELAY_MS after the last input.
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(save).toHaveBeenCalledTimes(3);
    expect(actor.getSnapshot().value).toBe('clean');
  });

  it('saves at once on blur and synchronously on flush (page hide)', async () => {
    const { actor, save } = start();
    actor.send({ type: 'editor.input', noteId: '1' });
    actor.send({ type: 'editor.blur' });
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'editor.input', noteId: '2' });
    actor.send({ type: 'autosave.flush' });
    expect(save).toHaveBeenLastCalledWith('2');
  });

  it('does not announce a save that was skipped because nothing changed', async () => {
    const { actor, notifySaved } = start(true);
    actor.send({ type: 'editor.input', noteId: '1' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(notifySaved).not.toHaveBeenCalled();
  });

  it('saves again when input arrived during a save, and a flush mid-save captures it at once', async () => {
    let release!: () => void;
    const save = vi.fn(() => new Promise<{ skipped: boolean }>((r) => (release = () => r({ skipped: false }))));
    const actor = createActor(autosaveMachine.provide({ actors: { saveNote: fromPromise(() => save()) } }));
    actor.start();
    actor.send({ type: 'editor.input', noteId: '1' });
    actor.send({ type: 'editor.blur' });
    actor.send({ type: 'editor.input', noteId: '1' });
    actor.send({ type: 'autosave.flush' });
    expect(save).toHaveBeenCalledTimes(2);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('clean');
  });

  it('lets a save after quiet or blur wait for its work, and makes a flush capture at once, also one that meets a save still waiting', async () => {
    const inputs: { urgent: boolean }[] = [];
    const hurrySave = vi.fn();
    const actor = createActor(
      autosaveMachine.provide({
        actors: { saveNote: fromPromise(({ input }) => (inputs.push(input), new Promise<{ skipped: boolean }>(() => {}))) },
        actions: { hurrySave },
      }),
    );
    actor.start();
    actor.send({ type: 'editor.input', noteId: '1' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(inputs).toEqual([{ noteId: '1', urgent: false }]);
    actor.send({ type: 'autosave.flush' });
    expect(hurrySave).toHaveBeenCalledTimes(1);
    actor.send({ type: 'editor.input', noteId: '1' });
    actor.send({ type: 'autosave.flush' });
    expect(inputs.at(-1)).toEqual({ noteId: '1', urgent: true });
    expect(hurrySave).toHaveBeenCalledTimes(1);
  });

  it('retries after a failed save', async () => {
    let fail = true;
    const save = vi.fn(async () => {
      if (fail) throw new Error('QuotaExceededError');
      return { skipped: false };
    });
    const notifyFailed = vi.fn();
    const actor = createActor(autosaveMachine.provide({ actors: { saveNote: fromPromise(save) }, actions: { notifyFailed } }));
    actor.start();
    actor.send({ type: 'editor.input', noteId: '1' });
    actor.send({ type: 'autosave.flush' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(notifyFailed).toHaveBeenCalledWith(expect.anything(), { error: 'QuotaExceededError' });
    fail = false;
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().value).toBe('clean');
  });
});
