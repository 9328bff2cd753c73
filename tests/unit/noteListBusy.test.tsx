// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { NoteList } from '../../src/ui/sidebar/NoteList';
import type { RowActions } from '../../src/ui/sidebar/NoteRow';
import type { SidebarRows } from '../../src/projections/sidebar';

afterEach(cleanup);

const NO_ROWS = { ids: [], row: () => undefined } as unknown as SidebarRows;
const NO_ACTIONS: RowActions = { select() {}, rename() {}, toggleStar() {}, move() {}, remove() {} };

function scroller(busy?: boolean): Element {
  const { container } = render(<NoteList rows={NO_ROWS} actions={NO_ACTIONS} compact={false} emptyText="No notes" busy={busy} />);
  return container.querySelector('.note-list-scroller')!;
}

describe('the note list while a search waits for its body matches (docs/product.md "Search")', () => {
  it('says it is busy while more matches are coming, so assistive technology and the benchmarks wait for them', () => {
    expect(scroller(true).getAttribute('aria-busy')).toBe('true');
  });

  it('is not busy otherwise', () => {
    expect(scroller(false).hasAttribute('aria-busy')).toBe(false);
    cleanup();
    expect(scroller().hasAttribute('aria-busy')).toBe(false);
  });
});
