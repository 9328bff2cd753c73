import { eng } from 'stopword';

/**
 * Markup words (SPEC.md §5 "a stopword list which includes markup words such as div and span").
 * NotePad counts the text of a note, not its HTML, so these rarely reach the counter; they stay
 * listed because the rule names them and because a note may quote HTML as text.
 */
const MARKUP_WORDS = [
  'div', 'span', 'nbsp', 'amp', 'quot', 'apos', 'lt', 'gt', 'br', 'hr', 'href', 'src', 'img', 'px', 'rem', 'rgb', 'rgba',
  'bg', 'html', 'tbody', 'thead', 'td', 'th', 'tr', 'ul', 'ol', 'li', 'em', 'blockquote', 'pre', 'sup', 'sub', 'bn',
  'noopener', 'noreferrer', 'nofollow', 'http', 'https', 'www', 'mailto', 'colspan', 'rowspan', 'classname',
];

/** Common English function words that the `stopword` package's English list lacks. */
const EXTRA_ENGLISH = [
  'will', 'not', 'just', 'she', 'its', 'does', 'off', 'why', 'own', 'yes', 'shall', 'may', 'per', 'via', 'etc',
  'upon', 'whom', 'whose', 'yet', 'nor', 'few', 'again', 'once', 'until', 'ours', 'yours', 'hers', 'itself',
  'themselves', 'ourselves', 'yourself', 'herself', 'myself', 'against', 'above', 'below', 'down', 'further', 'doing',
  'having', 'let', 'onto', 'unto', 'thus', 'though', 'although', 'whether', 'within', 'without', 'across', 'along',
  'among', 'toward', 'towards', 'beside', 'besides', 'however', 'therefore', 'every', 'even', 'ever', 'cannot',
];

/** Words never counted in the word cloud (SPEC.md §5), lower-case. */
export const STOPWORDS: ReadonlySet<string> = new Set([...eng, ...EXTRA_ENGLISH, ...MARKUP_WORDS]);
