import { assign, fromCallback, setup } from 'xstate';
import type { RecordingStopReason } from '../../catalog';

/** What a listening session reports (docs/product.md "Toolbar"). */
interface SpeechHandlers {
  /** A final (not interim) result, trimmed and non-empty. */
  onFinal(text: string): void;
  /** Recognition failed (e.g. "not-allowed", "no-speech", "network"); the session is over. */
  onError(error: string): void;
  /** The browser ended the session by itself (silence, time limit). */
  onEnd(): void;
}

/**
 * The speech recognition the machine needs (docs/architecture.md "Services"): the browser's is
 * src/services/speech.ts, tests pass a double.
 */
export interface SpeechService {
  /** False where the browser has no speech recognition (docs/product.md "States and transitions": then only a console error). */
  isSupported(): boolean;
  /** Start a continuous session that reports final results only; returns the function that stops it. */
  listen(handlers: SpeechHandlers): () => void;
}

/** Events the recording machine takes: the toolbar toggle, a note switch, and what the speech session reports. */
export type RecordingEvent =
  | { type: 'recording.toggle'; noteId: string }
  | { type: 'recording.stop'; reason: RecordingStopReason }
  | { type: 'speech.final'; text: string }
  | { type: 'speech.error'; error: string }
  | { type: 'speech.ended' };

/**
 * The `listen` actor for a speech service: runs one session while the machine is listening and
 * turns its reports into machine events; stopping the actor stops the session.
 */
export function listenWith(speech: SpeechService) {
  return fromCallback<RecordingEvent>(({ sendBack }) =>
    speech.listen({
      onFinal: (text) => sendBack({ type: 'speech.final', text }),
      onError: (error) => sendBack({ type: 'speech.error', error }),
      onEnd: () => sendBack({ type: 'speech.ended' }),
    }),
  );
}

/**
 * Voice recording (docs/product.md "Toolbar", docs/architecture.md "Machines"): idle -> listening on
 * toggle, back to idle on toggle, a recognition error, the browser ending the session, or a note
 * switch. Without speech recognition the toggle only reports it (a console error) and stays idle.
 * Effects are named slots the UI provides: `listen` (the session), `insertText` (recognised text
 * at the cursor), `notifyStarted` / `notifyStopped` (events), `reportUnsupported`, `reportError`.
 */
export const recordingMachine = setup({
  types: {
    context: {} as { noteId: string | null },
    events: {} as RecordingEvent,
  },
  actors: {
    listen: fromCallback<RecordingEvent>(() => () => {}),
  },
  actions: {
    insertText: (_, _params: { text: string }) => {},
    notifyStarted: (_, _params: { noteId: string }) => {},
    notifyStopped: (_, _params: { noteId: string; reason: RecordingStopReason }) => {},
    reportUnsupported: () => {},
    reportError: (_, _params: { error: string }) => {},
  },
  guards: {
    speechSupported: () => false,
  },
}).createMachine({
  id: 'recording',
  context: { noteId: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'recording.toggle': [
          {
            guard: 'speechSupported',
            target: 'listening',
            actions: [
              assign({ noteId: ({ event }) => event.noteId }),
              { type: 'notifyStarted', params: ({ event }) => ({ noteId: event.noteId }) },
            ],
          },
          { actions: 'reportUnsupported' },
        ],
      },
    },
    listening: {
      invoke: { src: 'listen' },
      on: {
        'speech.final': { actions: { type: 'insertText', params: ({ event }) => ({ text: event.text }) } },
        'recording.toggle': {
          target: 'idle',
          actions: { type: 'notifyStopped', params: ({ context }) => ({ noteId: context.noteId!, reason: 'user' }) },
        },
        'recording.stop': {
          target: 'idle',
          actions: { type: 'notifyStopped', params: ({ context, event }) => ({ noteId: context.noteId!, reason: event.reason }) },
        },
        'speech.error': {
          target: 'idle',
          actions: [
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            { type: 'notifyStopped', params: ({ context }) => ({ noteId: context.noteId!, reason: 'error' }) },
          ],
        },
        'speech.ended': {
          target: 'idle',
          actions: { type: 'notifyStopped', params: ({ context }) => ({ noteId: context.noteId!, reason: 'ended' }) },
        },
      },
    },
  },
});
