// The local summarizer: TF-IDF TextRank with an early-sentence bias and a redundancy cut,
// chosen sentences in original order, "• " bullets, short and non-English notes.
import { describe, expect, it } from 'vitest';
import { MAX_RANKED_SENTENCES, MAX_SUMMARY_SENTENCES, summarizeLocally, summaryLength } from '../../functions/_shared/local/summarizer.ts';
import { analyzeText, MAX_ANALYZED_CHARS, MAX_WORD_CHARS, splitBlocks } from '../../functions/_shared/local/text.ts';
import { detectLanguage } from '../../functions/_shared/local/language.ts';
import { selectSentences, tfidfVectors } from '../../functions/_shared/local/textrank.ts';

const ARTICLE = [
  'The city library will close its main reading room for renovation in March.',
  'Workers will replace the leaking roof and the forty-year-old heating system of the library.',
  'During the renovation, the library will lend books from a temporary branch in the town hall.',
  'Children can still join the weekend reading club at the temporary branch.',
  'The council approved the renovation budget after a long debate about costs.',
  'Some members wanted to spend the money on the swimming pool instead.',
  'The library expects to reopen the reading room in September with new study desks.',
  'Local artists have offered to paint a mural in the new entrance hall.',
  'A public meeting about the plans takes place next Thursday evening.',
  'Residents can also send their ideas to the library by email.',
];
const sentencesOf = (summary: string) => summary.split(/(?<=[.!?])\s+/);

describe('summarizeLocally', () => {
  it('returns sentences of the note in their original order', () => {
    const summary = summarizeLocally(ARTICLE.join(' '), 'paragraph', { sentences: 3 });
    const picked = sentencesOf(summary);
    expect(picked).toHaveLength(3);
    const positions = picked.map((s) => ARTICLE.indexOf(s));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('keeps the order even when the most central sentences come last', () => {
    const reversed = [...ARTICLE].reverse();
    const positions = sentencesOf(summarizeLocally(reversed.join(' '), 'paragraph', { sentences: 4 })).map((s) => reversed.indexOf(s));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('prefers the central, early sentences about the topic over side remarks', () => {
    const summary = summarizeLocally(ARTICLE.join(' '), 'paragraph', { sentences: 3 });
    expect(summary).toContain(ARTICLE[0]);
    expect(summary).not.toContain('swimming pool');
    expect(summary).not.toContain('mural');
  });

  it('formats bullets as one sentence per line, each starting with "• "', () => {
    const summary = summarizeLocally(ARTICLE.join('\n'), 'bullets');
    const lines = summary.split('\n');
    expect(lines).toHaveLength(summaryLength(ARTICLE.length));
    for (const line of lines) {
      expect(line.startsWith('• ')).toBe(true);
      expect(ARTICLE).toContain(line.slice(2));
    }
  });

  it('returns a short note whole, and one sentence as itself', () => {
    expect(summarizeLocally('Buy milk on the way home.', 'paragraph')).toBe('Buy milk on the way home.');
    expect(summarizeLocally('Buy milk on the way home.', 'bullets')).toBe('• Buy milk on the way home.');
    const three = 'Call the plumber. Pay the rent. Water the plants.';
    expect(summarizeLocally(three, 'paragraph')).toBe(three);
    expect(summarizeLocally('   ok   ', 'paragraph')).toBe('ok');
    expect(summarizeLocally('🙂', 'bullets')).toBe('• 🙂');
  });

  it('treats list lines as sentences and drops their markers', () => {
    const note = '- Buy milk\n- Call Bob about the roof\n* Book the train to Lyon\n1. Send the invoice';
    expect(
      summarizeLocally(note, 'bullets')
        .split('\n')
        .every((l) => /^• [A-Z]/.test(l)),
    ).toBe(true);
    expect(splitBlocks(note)).toEqual(['Buy milk', 'Call Bob about the roof', 'Book the train to Lyon', 'Send the invoice']);
  });

  it('joins hard-wrapped lines back into one sentence', () => {
    expect(splitBlocks('The meeting moved to the\nsecond floor because of the\nleak.\nBring coffee.')).toEqual([
      'The meeting moved to the second floor because of the leak.',
      'Bring coffee.',
    ]);
  });

  it('never repeats a sentence the note repeats, and never picks near-duplicates together', () => {
    const note = [...ARTICLE.slice(0, 3), ARTICLE[0], ARTICLE[0], ...ARTICLE.slice(3)].join(' ');
    const picked = sentencesOf(summarizeLocally(note, 'paragraph', { sentences: 5 }));
    expect(new Set(picked).size).toBe(picked.length);
    const near = [
      'The library roof leaks in winter.',
      'In winter the library roof leaks.',
      'The mayor opened a new park.',
      'A new café serves breakfast.',
    ];
    const vectors = tfidfVectors(
      near.map((s) =>
        s
          .toLowerCase()
          .match(/\w+/g)!
          .filter((w) => w.length > 2),
      ),
    );
    expect(selectSentences([0.4, 0.3, 0.2, 0.1], vectors, 2)).toEqual([0, 2]);
  });

  it('summarizes German with German sentences and keeps "Dr." inside its sentence', () => {
    const german =
      'Der Stadtrat hat am Dienstag über die neue Bibliothek gesprochen. Dr. Müller sagte, dass die Bibliothek mehr Geld für digitale Dienste braucht. Das alte Gebäude der Bibliothek ist undicht und die Heizung ist alt. Der Bürgermeister will bis März einen Bericht über die Kosten vorlegen. Im April stimmt der Rat über den Haushalt ab. Außerdem gibt es am Wochenende ein Fest im Park.';
    expect(detectLanguage(german).iso3).toBe('deu');
    const sentences = analyzeText(german).sentences.map((s) => s.text);
    expect(sentences).toContain('Dr. Müller sagte, dass die Bibliothek mehr Geld für digitale Dienste braucht.');
    const summary = summarizeLocally(german, 'bullets', { sentences: 2 });
    for (const line of summary.split('\n')) expect(sentences).toContain(line.slice(2));
  });

  it('summarizes Japanese, which has no spaces, sentence by sentence', () => {
    const japanese =
      '図書館の改修について会議がありました。屋根の雨漏りを直す必要があります。改修中は市役所で本を貸し出します。子ども向けの読書会は続けます。図書館は九月に再開する予定です。';
    expect(detectLanguage(japanese).iso3).toBe('jpn');
    const summary = summarizeLocally(japanese, 'bullets', { sentences: 2 });
    const lines = summary.split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(japanese).toContain(line.slice(2));
  });

  it('summarizes French and Spanish notes with sentences of the note', () => {
    const notes = {
      fra: 'La bibliothèque municipale fermera sa salle de lecture en mars. Les ouvriers vont réparer le toit et le chauffage de la bibliothèque. Pendant les travaux, les livres seront prêtés à la mairie. La bibliothèque rouvrira en septembre avec de nouveaux bureaux. Une réunion publique aura lieu jeudi prochain.',
      spa: 'La biblioteca municipal cerrará su sala de lectura en marzo. Los obreros van a reparar el techo y la calefacción de la biblioteca. Durante las obras, los libros se prestarán en el ayuntamiento. La biblioteca volverá a abrir en septiembre con mesas nuevas. Habrá una reunión pública el próximo jueves.',
    };
    for (const [iso3, note] of Object.entries(notes)) {
      expect(detectLanguage(note).iso3).toBe(iso3);
      for (const sentence of sentencesOf(summarizeLocally(note, 'paragraph', { sentences: 2 }))) expect(note).toContain(sentence);
    }
  });

  it('bounds a very long note: at most MAX_SUMMARY_SENTENCES sentences from the note', () => {
    const long = Array.from(
      { length: MAX_RANKED_SENTENCES * 2 },
      (_, i) => `${ARTICLE[i % ARTICLE.length].slice(0, -1)} in week ${i}.`,
    ).join(' ');
    const picked = sentencesOf(summarizeLocally(long, 'paragraph'));
    expect(picked).toHaveLength(MAX_SUMMARY_SENTENCES);
    for (const sentence of picked) expect(long).toContain(sentence);
  });

  it('keeps whole sentences of scripts written without spaces, however long', () => {
    const chinese =
      '然后我们还讨论了预算和时间表，决定下个月开始第一阶段的工作，并且每周五下午开会检查进度，如果遇到问题就及时在群里沟通，确保项目能够按时完成并达到预期的质量标准。';
    expect(chinese.length).toBeGreaterThan(MAX_WORD_CHARS);
    expect(
      analyzeText(chinese)
        .sentences.map((s) => s.text)
        .join(''),
    ).toBe(chinese);
  });

  it('cuts runs without spaces to MAX_WORD_CHARS characters, so pasted data cannot stall the tokenizer', () => {
    expect(summarizeLocally(`${'x'.repeat(40_000)} is a long word.`, 'paragraph')).toBe(`${'x'.repeat(MAX_WORD_CHARS)}… is a long word.`);
    expect(summarizeLocally(`Der ${'ab.'.repeat(15_000)} ist lang.`, 'bullets')).toBe(
      `• Der ${'ab.'.repeat(15_000).slice(0, MAX_WORD_CHARS)}… ist lang.`,
    );
  });

  it('analyses only the first MAX_ANALYZED_CHARS characters of a huge note', () => {
    const filler = 'The committee reviewed the plan again. ';
    const text = filler.repeat(Math.ceil(MAX_ANALYZED_CHARS / filler.length)) + 'Zebras arrived at the very end.';
    expect(analyzeText(text).sentences.some((s) => s.text.includes('Zebras'))).toBe(false);
    expect(analyzeText('Zebras arrived. ' + text).sentences[0].text).toBe('Zebras arrived.');
  });

  it('chooses a recap length of all of a short note and 2 to 5 sentences of a longer one', () => {
    expect([1, 2, 3, 4, 8, 10, 16, 40, 1000].map(summaryLength)).toEqual([1, 2, 3, 2, 2, 3, 4, 5, 5]);
  });
});
