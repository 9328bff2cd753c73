import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { listenWith, recordingMachine } from '../../src/machines/recording';
import { createFakeSpeech } from './fakeSpeech';

function start(supported = true) {
  const speech = createFakeSpeech(supported);
  const effects = {
    insertText: vi.fn(),
    notifyStarted: vi.fn(),
    notifyStopped: vi.fn(),
    reportUnsupported: vi.fn(),
    reportError: vi.fn(),
  };
  const actor = createActor(
    recordingMachine.provide({
      actors: { listen: listenWith(speech) },
      actions: {
        insertText: (_, p) => effects.insertText(p.text),
        notifyStarted: (_, p) => effects.notifyStarted(p.noteId),
        notifyStopped: (_, p) => effects.notifyStopped(p.noteId, p.reason),
        reportUnsupported: () => effects.reportUnsupported(),
        reportError: (_, p) => effects.reportError(p.error),
      },
      guards: { speechSupported: () => speech.isSupported() },
    }),
  );
  actor.start();
  return { actor, speech, effects };
}

describe('recording machine', () => {
  it('starts listening on toggle, reports the start with the note id, and stops on the next toggle', () => {
    const { actor, speech, effects } = start();
    actor.send({ type: 'recording.toggle', noteId: '1700000000000' });
    expect(actor.getSnapshot().value).toBe('listening');
    expect(speech.active).toBe(true);
    expect(effects.notifyStarted).toHaveBeenCalledWith('1700000000000');
    actor.send({ type: 'recording.toggle', noteId: '1700000000000' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(speech.active).toBe(false);
    expect(effects.notifyStopped).toHaveBeenCalledWith('1700000000000', 'user');
  });

  it('inserts each final result while listening and nothing after it stopped', () => {
    const { actor, speech, effects } = start();
    actor.send({ type: 'recording.toggle', noteId: '1' });
    speech.say('hello world');
    speech.say('second sentence');
    actor.send({ type: 'recording.toggle', noteId: '1' });
    speech.say('too late');
    expect(effects.insertText.mock.calls).toEqual([['hello world'], ['second sentence']]);
  });

  it('without speech recognition only reports it and stays idle', () => {
    const { actor, effects } = start(false);
    actor.send({ type: 'recording.toggle', noteId: '1' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(effects.reportUnsupported).toHaveBeenCalledTimes(1);
    expect(effects.notifyStarted).not.toHaveBeenCalled();
    expect(effects.notifyStopped).not.toHaveBeenCalled();
  });

  it('a recognition error stops recording, logs the error and reports the stop as an error', () => {
    const { actor, speech, effects } = start();
    actor.send({ type: 'recording.toggle', noteId: '7' });
    speech.fail('not-allowed');
    expect(actor.getSnapshot().value).toBe('idle');
    expect(effects.reportError).toHaveBeenCalledWith('not-allowed');
    expect(effects.notifyStopped).toHaveBeenCalledWith('7', 'error');
  });

  it('goes idle when the browser ends the session by itself, and can start again', () => {
    const { actor, speech, effects } = start();
    actor.send({ type: 'recording.toggle', noteId: '7' });
    speech.end();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(effects.notifyStopped).toHaveBeenCalledWith('7', 'ended');
    actor.send({ type: 'recording.toggle', noteId: '8' });
    expect(actor.getSnapshot().value).toBe('listening');
    expect(effects.notifyStarted).toHaveBeenLastCalledWith('8');
  });

  it('a note switch stops recording under the note it started in; while idle it does nothing', () => {
    const { actor, effects } = start();
    actor.send({ type: 'recording.stop', reason: 'note-switch' });
    expect(effects.notifyStopped).not.toHaveBeenCalled();
    actor.send({ type: 'recording.toggle', noteId: '5' });
    actor.send({ type: 'recording.stop', reason: 'note-switch' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(effects.notifyStopped).toHaveBeenCalledWith('5', 'note-switch');
  });
});
