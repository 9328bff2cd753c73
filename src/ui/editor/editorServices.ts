import { browserClipboard } from '../../services/clipboard';
import { browserDownloader } from '../../services/download';
import { browserLinkOpener, taskToolBaseUrl } from '../../services/links';
import { browserPrinter } from '../../services/print';
import type { EditorServices } from './commands';

/** The browser's services for the editor commands. */
export function browserEditorServices(): EditorServices {
  return {
    clipboard: browserClipboard,
    downloader: browserDownloader,
    opener: browserLinkOpener,
    printer: browserPrinter,
    now: () => new Date(),
    ask: (message, defaultValue) => window.prompt(message, defaultValue),
    // The app's own address (docs/product.md "Header"): this origin at the app's base path.
    appUrl: () => new URL(import.meta.env.BASE_URL ?? '/', window.location.origin).href,
    taskToolUrl: taskToolBaseUrl(),
  };
}
