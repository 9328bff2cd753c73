import { Parser } from 'htmlparser2';
import type { HtmlTokenizer } from './html';

/**
 * An `HtmlTokenizer` on htmlparser2: no DOM, so it runs in Node (tests, the replay CLI) and in the
 * dashboard's chunk. Kept in a file of its own so that importing the pipeline does not pull
 * htmlparser2 into the app's first load (the search uses the browser's DOMParser instead).
 */
export const htmlparser2Tokenizer: HtmlTokenizer = (html, handlers) => {
  const parser = new Parser(
    {
      onopentag: (name, attribs) => handlers.open(name, attribs.class ?? ''),
      onclosetag: (name) => handlers.close(name),
      ontext: (text) => handlers.text(text),
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
};
