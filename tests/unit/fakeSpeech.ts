import type { SpeechService } from '../../src/machines/recording';

type SpeechHandlers = Parameters<SpeechService['listen']>[0];

/** A speech service driven by the test: `say`, `fail`, `end`; `active` while a session runs. */
export function createFakeSpeech(
  supported = true,
): SpeechService & { active: boolean; say(text: string): void; fail(error: string): void; end(): void } {
  let handlers: SpeechHandlers | null = null;
  return {
    get active() {
      return handlers !== null;
    },
    isSupported: () => supported,
    listen(h) {
      handlers = h;
      return () => {
        handlers = null;
      };
    },
    say: (text) => handlers?.onFinal(text),
    fail(error) {
      const h = handlers;
      handlers = null;
      h?.onError(error);
    },
    end() {
      const h = handlers;
      handlers = null;
      h?.onEnd();
    },
  };
}
