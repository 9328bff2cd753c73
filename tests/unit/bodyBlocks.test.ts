import { describe, expect, it } from 'vitest';
import { bodyBlocks, readBodyBlocks, type NoteBody } from '../../src/projections/notesState';
import { bodySearchText } from '../../src/projections/searchText';

const document = [{ id: 'a', type: 'paragraph', props: {}, content: [{ type: 'text', text: 'Hello world', styles: {} }], children: [] }];
const fromSnapshot = (): NoteBody => ({ html: '<p>Hello world</p>', blocksJson: JSON.stringify(document) });

describe('documents kept as JSON', () => {
  it('bodyBlocks parses a body’s document once and gives the same blocks on every read', () => {
    const body = fromSnapshot();
    expect(bodyBlocks(body)).toEqual(document);
    expect(bodyBlocks(body)).toBe(bodyBlocks(body));
  });

  it('a reader of every note gets the document without keeping its parse', () => {
    const body = fromSnapshot();
    const first = readBodyBlocks(body);
    expect(first).toEqual(document);
    expect(readBodyBlocks(body)).not.toBe(first);
  });

  it('a reader of every note reuses a parse the editor kept, and a document given as blocks', () => {
    const body = fromSnapshot();
    const kept = bodyBlocks(body);
    expect(readBodyBlocks(body)).toBe(kept);
    const blocks: NoteBody = { html: '<p>Hello world</p>', blocks: document };
    expect(readBodyBlocks(blocks)).toBe(document);
  });

  it('an unreadable document reads as none, and the search text falls back to the HTML', () => {
    const body: NoteBody = { html: '<p>Hello world</p>', blocksJson: '{not json' };
    expect(readBodyBlocks(body)).toBeUndefined();
    expect(bodySearchText(body, (html) => html.replace(/<[^>]+>/g, ''))).toBe('hello world');
  });

  it('the search text of a body read from a snapshot is its document’s text', () => {
    expect(bodySearchText(fromSnapshot(), () => 'not used')).toBe('hello world\n');
  });
});
