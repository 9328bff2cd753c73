// Keyphrases and resources: local links are search pages of reference sites for the
// note's keyphrases (https only, capped, never an invented page URL); untrusted lists are validated.
import { describe, expect, it } from 'vitest';
import { extractKeyphrases } from '../../functions/_shared/local/keyphrases.ts';
import { findResourcesLocally } from '../../functions/_shared/local/resourceLinks.ts';
import { analyzeText } from '../../functions/_shared/local/text.ts';
import { MAX_RESOURCES } from '../../functions/_shared/provider.ts';
import { safeHttpsUrl, validateResources } from '../../functions/_shared/resourceValidation.ts';

const NOTE =
  'Notes on machine learning for the biology course. Neural networks can classify microscope images of cells. Machine learning needs large labelled data sets, and labelling cells takes time. Professor Alvarez suggested starting with a small convolutional network. We also discussed protein folding and the AlphaFold project.';

/** The search endpoints the local provider may link to, and the query parameter holding the phrase. */
const SEARCH_ENDPOINTS: Record<string, { path: string; param: string }> = {
  'wikipedia.org': { path: '/w/index.php', param: 'search' },
  'www.britannica.com': { path: '/search', param: 'query' },
  'scholar.google.com': { path: '/scholar', param: 'q' },
};

function endpointOf(url: URL) {
  const key = url.hostname.endsWith('.wikipedia.org') ? 'wikipedia.org' : url.hostname;
  return SEARCH_ENDPOINTS[key];
}

describe('extractKeyphrases', () => {
  it("finds the note's topics as noun phrases, recurring ones first", () => {
    const phrases = extractKeyphrases(analyzeText(NOTE)).map((k) => k.text);
    expect(phrases[0]).toBe('machine learning');
    expect(phrases).toContain('neural networks');
    expect(phrases.length).toBeLessThanOrEqual(5);
  });

  it('never joins words across punctuation and skips vague nouns on their own', () => {
    const phrases = extractKeyphrases(analyzeText('Apples, pears. Time, time, time and more time. Apples, pears, plums!')).map((k) =>
      k.text.toLowerCase(),
    );
    expect(phrases.some((p) => p.includes(' '))).toBe(false);
    expect(phrases).not.toContain('time');
    expect(phrases).toContain('apples');
  });
});

describe('findResourcesLocally', () => {
  it('links only to https search pages of reference sites, with the phrase as the query', () => {
    const resources = findResourcesLocally(NOTE);
    expect(resources.length).toBeGreaterThan(2);
    expect(resources.length).toBeLessThanOrEqual(MAX_RESOURCES);
    for (const resource of resources) {
      const url = new URL(resource.url);
      expect(url.protocol).toBe('https:');
      const endpoint = endpointOf(url);
      expect(endpoint, resource.url).toBeDefined();
      expect(url.pathname).toBe(endpoint.path);
      const query = url.searchParams.get(endpoint.param)!;
      expect(query.length).toBeGreaterThan(0);
      expect(resource.title).toContain(query);
      expect(resource.description).toMatch(/search/i);
      expect(resource.description).toContain(`“${query}”`);
    }
    expect(resources[0].url).toBe('https://en.wikipedia.org/w/index.php?search=machine%20learning');
  });

  it("uses the Wikipedia of the note's language for other languages", () => {
    const german =
      'Die Bibliothek braucht ein neues Dach. Das Dach der Bibliothek ist seit Jahren undicht. Der Stadtrat bespricht die Kosten für das Dach im März.';
    const resources = findResourcesLocally(german);
    expect(resources.length).toBeGreaterThan(0);
    expect(
      resources
        .filter((r) => r.url.includes('wikipedia.org'))
        .every((r) => r.url.startsWith('https://de.wikipedia.org/w/index.php?search=')),
    ).toBe(true);
    expect(resources.map((r) => r.title)).toContain('Dach — Wikipedia search');
  });

  it('returns no resources when the note names nothing to look up', () => {
    expect(findResourcesLocally('It is what it is, and so it goes.')).toEqual([]);
    expect(findResourcesLocally('!!! ??? 123')).toEqual([]);
  });

  it('encodes phrases so a note cannot break out of the query', () => {
    const resources = findResourcesLocally(
      'The "Quantum & Co" company sells quantum computers. Quantum computers use qubits. Javascript:alert(1) quantum computers.',
    );
    for (const resource of resources) {
      const url = new URL(resource.url);
      expect(url.protocol).toBe('https:');
      expect(endpointOf(url)).toBeDefined();
    }
  });
});

describe('validateResources (answers of the openai provider)', () => {
  it('keeps https links with titles, trims text, drops duplicates, and caps the count', () => {
    const items = [
      { title: '  Photosynthesis \n', url: 'https://en.wikipedia.org/wiki/Photosynthesis', description: 'The article.' },
      { title: 'Again', url: 'https://en.wikipedia.org/wiki/Photosynthesis', description: 'duplicate' },
      ...Array.from({ length: 20 }, (_, i) => ({ title: `T${i}`, url: `https://example.org/${i}`, description: 'd'.repeat(900) })),
    ];
    const valid = validateResources(items);
    expect(valid).toHaveLength(MAX_RESOURCES);
    expect(valid[0]).toEqual({ title: 'Photosynthesis', url: 'https://en.wikipedia.org/wiki/Photosynthesis', description: 'The article.' });
    expect(valid[1].description.length).toBeLessThanOrEqual(500);
  });

  it('drops http, javascript:, data:, credentials, bare IP and single-label hosts, and non-objects', () => {
    for (const url of [
      'http://example.org',
      'javascript:alert(1)',
      'data:text/html,x',
      'https://u:p@example.org',
      'https://127.0.0.1/',
      'https://localhost/',
      'ftp://example.org',
      '//example.org',
      'not a url',
      42,
    ]) {
      expect(safeHttpsUrl(url), String(url)).toBeNull();
    }
    expect(validateResources([null, 'x', 5, { title: 'No url' }, { url: 'https://example.org' }])).toEqual([]);
    expect(validateResources({ resources: [] })).toEqual([]);
  });
});
