/**
 * The English NLP pipeline of the local provider: wink-nlp with wink-eng-lite-web-model (MIT, no
 * dependencies), loaded once per process on first use (it takes a while) and shared by every request.
 * Only sentence boundaries and part-of-speech tags are run; negation, sentiment and entities are not needed.
 */
import winkNLP, { type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

let instance: WinkMethods | null = null;

/** The shared wink-nlp instance (created on the first call). */
export function englishNlp(): WinkMethods {
  instance ??= winkNLP(model, ['sbd', 'pos']);
  return instance;
}
