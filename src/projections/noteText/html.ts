import { NOTE_LINK_CLASS } from '../noteLinks/noteLinkShape';
import { joiningSink, type TextSink } from './textStream';

/*
 * Step 1 for bodies stored as HTML only (legacy notes and imports have no BlockNote document): the
 * tags and text of the HTML become the same stream of text and boundaries that `streamTree` gives
 * (docs/architecture.md "Note text pipeline"). The parser is the caller's (`HtmlTokenizer`): the
 * browser's search uses DOMParser, which it already has, and the dashboard and Node use htmlparser2.
 *
 * Lossy: markup, attributes and the text of elements a reader never sees (scripts, styles, templates)
 * are dropped; only the `follow-up` class survives, as the highlight flag, and the `note-link` class,
 * whose text is reported as a link to a note's.
 */

/** What a tokenizer reports while it reads HTML: tags lower-cased, entities decoded. */
export interface HtmlHandlers {
  open(tag: string, className: string): void;
  close(tag: string): void;
  text(text: string): void;
}

/** Reads `html` and reports its tags and text, in document order, to `handlers`. */
export type HtmlTokenizer = (html: string, handlers: HtmlHandlers) => void;

/** Elements whose start and end separate words (`<p>a</p><p>b</p>` is two words, `a<b>b</b>` one). */
const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'caption',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'img',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);
/** Elements whose text a reader never sees. */
const HIDDEN_TAGS = new Set(['script', 'style', 'template', 'noscript', 'title', 'head']);

/**
 * Send the visible text of `html` to `sink`, read by `tokenize`: a boundary at the start and end of
 * each block element; a line break as a newline that separates words but, like BlockNote's "\n" in
 * text, does not end a follow-up highlight; the text of a link to a note (`class="note-link"`) as
 * `noteLink`; nothing inside hidden elements.
 */
export function streamHtml(html: string, tokenize: HtmlTokenizer, sink: TextSink): void {
  const open: { followUp: boolean; hidden: boolean; link: boolean }[] = [];
  let followUpDepth = 0;
  let hiddenDepth = 0;
  let linkDepth = 0;
  tokenize(html, {
    open(tag, className) {
      const classes = className.split(/\s+/);
      const followUp = classes.includes('follow-up');
      const link = classes.includes(NOTE_LINK_CLASS);
      const hidden = HIDDEN_TAGS.has(tag);
      open.push({ followUp, hidden, link });
      if (followUp) followUpDepth += 1;
      if (link) linkDepth += 1;
      if (hidden) hiddenDepth += 1;
      if (hiddenDepth > 0) return;
      if (BLOCK_TAGS.has(tag)) sink.boundary();
      else if (tag === 'br') sink.text('\n', followUpDepth > 0);
    },
    close(tag) {
      const element = open.pop();
      if (hiddenDepth === 0 && BLOCK_TAGS.has(tag)) sink.boundary();
      if (element?.followUp) followUpDepth -= 1;
      if (element?.link) linkDepth -= 1;
      if (element?.hidden) hiddenDepth -= 1;
    },
    text(text) {
      if (hiddenDepth > 0) return;
      if (linkDepth > 0) sink.noteLink(text);
      else sink.text(text, followUpDepth > 0);
    },
  });
}

/** The visible text of `html` as one string, boundaries as newlines, links to notes left out (the search's `HtmlText`). */
export function htmlText(html: string, tokenize: HtmlTokenizer): string {
  const sink = joiningSink();
  streamHtml(html, tokenize, sink);
  return sink.result();
}
