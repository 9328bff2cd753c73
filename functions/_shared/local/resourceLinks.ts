/**
 * Local resources (docs/product.md "Side panels"): each keyphrase of the note becomes
 * honest links, search pages of reference sites whose description says what the link is. No page
 * URL is ever made up: every URL is a site's own search address with the phrase as the query.
 */
import { MAX_RESOURCES, type Resource } from '../provider.ts';
import { extractKeyphrases } from './keyphrases.ts';
import { analyzeText } from './text.ts';

const q = (phrase: string) => encodeURIComponent(phrase);

/** Wikipedia's search in the note's language: it opens the article when one has exactly this title. */
function wikipedia(phrase: string, iso1: string): Resource {
  return {
    title: `${phrase} — Wikipedia search`,
    url: `https://${iso1}.wikipedia.org/w/index.php?search=${q(phrase)}`,
    description: `Searches Wikipedia, the free encyclopedia, for “${phrase}”: opens the article with that title if there is one, otherwise the list of matching articles.`,
  };
}

function britannica(phrase: string): Resource {
  return {
    title: `${phrase} — Britannica search`,
    url: `https://www.britannica.com/search?query=${q(phrase)}`,
    description: `Search results for “${phrase}” in Encyclopaedia Britannica.`,
  };
}

function scholar(phrases: readonly string[]): Resource {
  const query = phrases.join(' ');
  return {
    title: `${query} — Google Scholar search`,
    url: `https://scholar.google.com/scholar?q=${q(query)}`,
    description: `Scholarly articles, theses and books matching “${query}”, as listed by Google Scholar's search.`,
  };
}

/**
 * Resources for `text`: a Wikipedia search per keyphrase (up to 5), then a Britannica search
 * (English notes) for the top phrase and a Google Scholar search for the top two; at most
 * MAX_RESOURCES, https only. An empty list when the note has no keyphrase.
 */
export function findResourcesLocally(text: string): Resource[] {
  const analysis = analyzeText(text);
  const phrases = extractKeyphrases(analysis).map((k) => k.text);
  if (phrases.length === 0) return [];
  const resources = phrases.map((phrase) => wikipedia(phrase, analysis.language.iso1));
  if (analysis.language.iso3 === 'eng') resources.push(britannica(phrases[0]));
  resources.push(scholar(phrases.slice(0, 2)));
  return resources.slice(0, MAX_RESOURCES);
}
