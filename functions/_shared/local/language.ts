/**
 * Language guess for the local provider (Intl.Segmenter and a stopword list serve languages other
 * than English): the script for CJK and Thai, else the stopword list of the `stopword` package that
 * the text's words hit most. English when nothing stands out (short notes are mostly English here).
 */
import * as stopword from 'stopword';

/** A language the local provider can segment: ISO 639-3 code (stopword lists) and 639-1 (Intl, Wikipedia). */
export interface Language {
  iso3: string;
  iso1: string;
  stopwords: ReadonlySet<string>;
  /** False for scripts written without spaces between words (Chinese, Japanese, Korean, Thai). */
  spaced: boolean;
}

/** Languages whose script is detected by its characters, not by stopwords; written without spaces. */
const UNSPACED_ISO3: ReadonlySet<string> = new Set(['zho', 'jpn', 'kor', 'tha']);

/** ISO 639-3 codes of the stopword lists we use, mapped to ISO 639-1. */
const ISO1_BY_ISO3: Readonly<Record<string, string>> = {
  eng: 'en',
  deu: 'de',
  fra: 'fr',
  spa: 'es',
  ita: 'it',
  por: 'pt',
  nld: 'nl',
  swe: 'sv',
  dan: 'da',
  nob: 'no',
  fin: 'fi',
  pol: 'pl',
  rus: 'ru',
  ukr: 'uk',
  ces: 'cs',
  slk: 'sk',
  slv: 'sl',
  hrv: 'hr',
  hun: 'hu',
  ron: 'ro',
  tur: 'tr',
  ell: 'el',
  bul: 'bg',
  cat: 'ca',
  est: 'et',
  lav: 'lv',
  lit: 'lt',
  ind: 'id',
  msa: 'ms',
  vie: 'vi',
  afr: 'af',
  swa: 'sw',
  heb: 'he',
  ara: 'ar',
  fas: 'fa',
  hin: 'hi',
  zho: 'zh',
  jpn: 'ja',
  kor: 'ko',
  tha: 'th',
};

const lists = stopword as unknown as Record<string, string[] | undefined>;
const cache = new Map<string, Language>();

/** The Language for an ISO 639-3 code with its stopword set (built once). */
function languageOf(iso3: string): Language {
  let language = cache.get(iso3);
  if (!language) {
    const words = lists[iso3] ?? [];
    language = {
      iso3,
      iso1: ISO1_BY_ISO3[iso3] ?? 'en',
      stopwords: new Set(words.map((w) => w.toLowerCase())),
      spaced: !UNSPACED_ISO3.has(iso3),
    };
    cache.set(iso3, language);
  }
  return language;
}

/** Words sampled for the guess; enough to decide, cheap on the longest note. */
const SAMPLE_WORDS = 2000;
/** Share of sampled words that must be stopwords of the winning list. */
const MIN_STOPWORD_SHARE = 0.08;

/** English stopwords at this share of the words settle the guess at once. */
const CLEARLY_ENGLISH_SHARE = 0.3;

/** Guesses the language of `text` (see the module comment). */
export function detectLanguage(text: string): Language {
  const sample = text.slice(0, 20_000);
  const letters = sample.match(/\p{L}/gu)?.length ?? 0;
  const count = (re: RegExp) => sample.match(re)?.length ?? 0;
  if (letters > 0) {
    const kana = count(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu);
    const hangul = count(/\p{Script=Hangul}/gu);
    const han = count(/\p{Script=Han}/gu);
    const thai = count(/\p{Script=Thai}/gu);
    if (kana > 0 && (kana + han) / letters > 0.3) return languageOf('jpn');
    if (hangul / letters > 0.3) return languageOf('kor');
    if (han / letters > 0.3) return languageOf('zho');
    if (thai / letters > 0.3) return languageOf('tha');
  }
  const words = (sample.toLowerCase().match(/\p{L}+(?:['’]\p{L}+)?/gu) ?? []).slice(0, SAMPLE_WORDS);
  if (words.length === 0) return languageOf('eng');
  let best = languageOf('eng');
  let bestHits = words.filter((w) => best.stopwords.has(w)).length;
  // Clearly English (the common case): skip comparing the other lists.
  if (bestHits / words.length >= CLEARLY_ENGLISH_SHARE) return best;
  for (const iso3 of Object.keys(ISO1_BY_ISO3)) {
    if (iso3 === 'eng' || UNSPACED_ISO3.has(iso3)) continue;
    const candidate = languageOf(iso3);
    let hits = 0;
    for (const w of words) if (candidate.stopwords.has(w)) hits++;
    if (hits > bestHits * 1.2) {
      best = candidate;
      bestHits = hits;
    }
  }
  return bestHits / words.length >= MIN_STOPWORD_SHARE ? best : languageOf('eng');
}
