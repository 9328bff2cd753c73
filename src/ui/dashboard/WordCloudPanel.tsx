import { useEffect, useRef } from 'react';
import WordCloud from 'wordcloud';
import type { WordCount } from '../../projections/statistics';
import { useElementWidth } from './useElementWidth';
import { cloudFontSizePx } from './wordCloudScale';

/** Height of the word-cloud canvas (CSS px). */
const CLOUD_HEIGHT_PX = 200;
/**
 * Grid cell of the wordcloud layout (CSS px). The package marks whole cells as taken, so two words
 * in neighbouring cells can touch ("ana" + "discuss" read as one word at 10 px); a larger cell is its
 * documented way to widen the gap between words.
 */
const CLOUD_GRID_PX = 18;

/** Word colours that keep 4.5:1 contrast on each theme's card background. */
const CLOUD_COLORS = {
  light: ['#6d28d9', '#7c3aed', '#4c1d95', '#5b21b6', '#1e40af'],
  dark: ['#c4b5fd', '#a78bfa', '#ddd6fe', '#e9d5ff', '#93c5fd'],
};

/**
 * The ten most used words of the last 7 days (docs/product.md "Dashboard", "Constants") as a word cloud drawn by the
 * `wordcloud` package on a canvas, font sizes 14-40 px by count, not rotated so it stays readable.
 * The same words with their counts follow as a list, which is what screen readers read.
 */
export function WordCloudPanel({ words, theme }: { words: WordCount[]; theme: 'light' | 'dark' }) {
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const width = useElementWidth(frame);
  // Lay the cloud out again only when a word or count changes (the layout is animated word by word).
  const key = words.map((w) => `${w.word}:${w.count}`).join(',');

  useEffect(() => {
    const element = canvas.current;
    if (!element || width === 0 || words.length === 0 || !WordCloud.isSupported) return;
    // Draw at device resolution so the words are sharp on high-density screens.
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.floor(width * ratio);
    element.height = Math.floor(CLOUD_HEIGHT_PX * ratio);
    element.style.width = `${width}px`;
    element.style.height = `${CLOUD_HEIGHT_PX}px`;
    const counts = words.map((w) => w.count);
    const [min, max] = [Math.min(...counts), Math.max(...counts)];
    const colors = CLOUD_COLORS[theme];
    const rank = new Map(words.map((w, i) => [w.word, i]));
    WordCloud(element, {
      list: words.map((w) => [w.word, cloudFontSizePx(w.count, min, max)]),
      weightFactor: ratio,
      gridSize: Math.round(CLOUD_GRID_PX * ratio),
      fontFamily: getComputedStyle(element).fontFamily || 'system-ui, sans-serif',
      fontWeight: '600',
      color: (word) => colors[(rank.get(word) ?? 0) % colors.length],
      backgroundColor: 'rgba(0, 0, 0, 0)',
      rotateRatio: 0,
      shuffle: false,
      shrinkToFit: true,
      drawOutOfBound: false,
    });
    return () => WordCloud.stop();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `words`' content
  }, [key, width, theme]);

  return (
    <div className="word-cloud">
      <div ref={frame} className="word-cloud-frame">
        <canvas ref={canvas} aria-hidden="true" data-words={words.length} />
      </div>
      <ol className="word-list" aria-label="Top words with their counts">
        {words.map((w) => (
          <li key={w.word}>
            <span className="word-list-word">{w.word}</span> <span className="word-list-count">{w.count}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
