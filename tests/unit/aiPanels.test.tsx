// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { RecapPanel, type RecapView } from '../../src/ui/ai/RecapPanel';
import { ResourcesPanel } from '../../src/ui/ai/ResourcesPanel';
import { safeResourceHref } from '../../src/ui/ai/safeUrl';
import { bulletLines, recapBlocks } from '../../src/ui/ai/helperText';

afterEach(cleanup);

const hostile = [
  'javascript:alert(1)',
  ' javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\nscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/path',
  '/relative/path',
  'not a url',
  '',
];

describe('resource links', () => {
  it.each(hostile)('%j never becomes a link target', (url) => {
    expect(safeResourceHref(url)).toBeNull();
  });

  it('keeps absolute http and https URLs, normalized', () => {
    expect(safeResourceHref('https://en.wikipedia.org/wiki/Special:Search?search=paris')).toBe(
      'https://en.wikipedia.org/wiki/Special:Search?search=paris',
    );
    expect(safeResourceHref('HTTP://Example.com')).toBe('http://example.com/');
  });

  it('renders safe resources as links opening in a new tab without an opener, and unsafe ones as text only', () => {
    render(
      <ResourcesPanel
        view={{
          state: 'shown',
          offline: false,
          resources: [
            { title: 'Paris', url: 'https://en.wikipedia.org/wiki/Paris', description: 'Encyclopedia article' },
            ...hostile.map((url, i) => ({ title: `Bad ${i} <img src=x onerror=alert(1)>`, url, description: '<b>not bold</b>' })),
          ],
        }}
        onRetry={() => {}}
        onClose={() => {}}
      />,
    );
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0].getAttribute('href')).toBe('https://en.wikipedia.org/wiki/Paris');
    expect(links[0].getAttribute('target')).toBe('_blank');
    expect(links[0].getAttribute('rel')).toBe('noopener noreferrer');
    expect(links[0].textContent).toContain('Paris');
    expect(links[0].textContent).toContain('https://en.wikipedia.org/wiki/Paris');
    // Titles and descriptions are text: no element is made from them.
    expect(document.querySelector('img, b, script')).toBeNull();
    expect(screen.getByText('Bad 0 <img src=x onerror=alert(1)>')).toBeTruthy();
    expect(document.querySelectorAll('[href]')).toHaveLength(1);
  });

  it('shows the panel’s description and its empty text', () => {
    render(<ResourcesPanel view={{ state: 'shown', offline: false, resources: [] }} onRetry={() => {}} onClose={() => {}} />);
    expect(screen.getByRole('heading', { name: 'AI-Suggested Resources' })).toBeTruthy();
    expect(screen.getByText('Relevant links and resources based on your note content')).toBeTruthy();
    expect(screen.getByText('No resources found for the current content.')).toBeTruthy();
  });

  it('offers Retry after a failure and says when it is offline', () => {
    const onRetry = vi.fn();
    const { rerender } = render(
      <ResourcesPanel view={{ state: 'failed', offline: false, resources: [] }} onRetry={onRetry} onClose={() => {}} />,
    );
    expect(screen.getByText('Failed to find resources. Please try again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    rerender(<ResourcesPanel view={{ state: 'failed', offline: true, resources: [] }} onRetry={onRetry} onClose={() => {}} />);
    expect(screen.getByText(/You're offline/)).toBeTruthy();
  });
});

describe('recap panel', () => {
  const view = (overrides: Partial<RecapView>): RecapView => ({
    state: 'paragraph',
    title: 'Trip',
    paragraph: 'We fly. We land.',
    bullets: null,
    offline: false,
    ...overrides,
  });

  it('shows the note title, the summary, the format toggle and Insert recap', () => {
    const onFormat = vi.fn();
    const onInsert = vi.fn();
    render(<RecapPanel view={view({})} onFormat={onFormat} onInsert={onInsert} onRetry={() => {}} onClose={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Note Recap' })).toBeTruthy();
    expect(screen.getByText('Trip')).toBeTruthy();
    expect(screen.getByText('We fly. We land.')).toBeTruthy();
    const toggle = screen.getByRole('group', { name: 'Recap format' });
    expect(within(toggle).getByRole('button', { name: 'Paragraph' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(toggle).getByRole('button', { name: 'Bullets' }));
    expect(onFormat).toHaveBeenCalledWith('bullets');
    fireEvent.click(screen.getByRole('button', { name: 'Insert recap' }));
    expect(onInsert).toHaveBeenCalledOnce();
  });

  it('shows bullets as a list and a loading state without Insert recap', () => {
    const { rerender } = render(
      <RecapPanel
        view={view({ state: 'bullets', bullets: '• We fly.\n• We land.' })}
        onFormat={() => {}}
        onInsert={() => {}}
        onRetry={() => {}}
        onClose={() => {}}
      />,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['We fly.', 'We land.']);
    rerender(
      <RecapPanel
        view={view({ state: 'summarizing', paragraph: null })}
        onFormat={() => {}}
        onInsert={() => {}}
        onRetry={() => {}}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText('Summarizing…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Insert recap' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Note Recap' }).getAttribute('aria-busy')).toBe('true');
  });

  it('closes with a button named after the panel', () => {
    const onClose = vi.fn();
    render(<RecapPanel view={view({})} onFormat={() => {}} onInsert={() => {}} onRetry={() => {}} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close Note Recap' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('closes on Escape pressed inside the panel', () => {
    const onClose = vi.fn();
    render(<RecapPanel view={view({})} onFormat={() => {}} onInsert={() => {}} onRetry={() => {}} onClose={onClose} />);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Insert recap' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('recap text', () => {
  it('strips bullet markers and blank lines', () => {
    expect(bulletLines('• One.\n\n- Two.\n* Three.\n4) Four.\n-5 degrees stays.')).toEqual([
      'One.',
      'Two.',
      'Three.',
      'Four.',
      '-5 degrees stays.',
    ]);
  });

  it('inserts a Recap heading and then paragraphs or bullet items as plain text', () => {
    expect(recapBlocks('First.\n\nSecond <b>x</b>.', 'paragraph')).toEqual([
      { type: 'heading', props: { level: 3 }, content: 'Recap' },
      { type: 'paragraph', content: 'First.' },
      { type: 'paragraph', content: 'Second <b>x</b>.' },
    ]);
    expect(recapBlocks('• A.\n• B.', 'bullets').slice(1)).toEqual([
      { type: 'bulletListItem', content: 'A.' },
      { type: 'bulletListItem', content: 'B.' },
    ]);
  });
});
