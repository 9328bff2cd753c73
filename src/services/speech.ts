import type { SpeechService } from '../machines/recording';

/** The slice of the Web Speech API NotePad uses (Chromium ships it as webkitSpeechRecognition). */
interface RecognitionLike {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  onresult: ((event: { resultIndex: number; results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}
type RecognitionConstructor = new () => RecognitionLike;

/** The browser's speech service over `SpeechRecognition` / `webkitSpeechRecognition` of `win`. */
export function browserSpeech(win: Window = window): SpeechService {
  const ctor = () => {
    const w = win as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
    return w.SpeechRecognition ?? w.webkitSpeechRecognition;
  };
  return {
    isSupported: () => typeof ctor() === 'function',
    listen(handlers) {
      const Recognition = ctor();
      if (!Recognition) throw new Error('Speech recognition is not supported in this browser');
      const recognition = new Recognition();
      recognition.continuous = true;
      recognition.interimResults = false;
      recognition.lang = win.navigator.language || 'en-US';
      let over = false;
      recognition.onresult = (event) => {
        for (let i = event.resultIndex; i < event.results.length; i++) {
          const result = event.results[i];
          const text = result.isFinal ? result[0]?.transcript.trim() : '';
          if (text) handlers.onFinal(text);
        }
      };
      recognition.onerror = (event) => {
        over = true;
        handlers.onError(event.error);
      };
      recognition.onend = () => {
        if (!over) handlers.onEnd();
        over = true;
      };
      recognition.start();
      return () => {
        over = true;
        recognition.onresult = null;
        recognition.onerror = null;
        recognition.onend = null;
        recognition.stop();
      };
    },
  };
}
