/**
 * The `local` provider (the default): offline, no account. Extractive summaries and keyphrase-based
 * search links, both from wink-nlp (English) or Intl.Segmenter + stopword lists (other languages).
 */
import { findResourcesLocally } from './local/resourceLinks.ts';
import { summarizeLocally } from './local/summarizer.ts';
import type { Provider } from './provider.ts';

/** Creates the local provider; the English model loads on first use and is then shared. */
export function createLocalProvider(): Provider {
  return {
    name: 'local',
    summarize: async (text, format) => summarizeLocally(text, format),
    findResources: async (text) => findResourcesLocally(text),
  };
}
