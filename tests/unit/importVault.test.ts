// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { bodyBlocks } from '../../src/projections/notesState';
import { enexFile, md5Hex } from '../fixtures/import/samples';
import { ICON_SVG } from '../fixtures/import/vaults';
import { fileOf, fixtureFile, importFiles, openLog } from './importHarness';

/*
 * The vault made like a real one through the whole import (docs/product.md "What each format keeps"):
 * SVG images kept sanitized as vectors, raster images as JPEG, callouts as quotes titled in bold,
 * block ids gone. The Node harness's image encoder stands in for the browser's (JPEG only).
 */

type Inline = { type: string; text?: string; styles?: Record<string, unknown> };
type Block = { type: string; props: Record<string, unknown>; content: unknown; children: Block[] };

const textOf = (block: Block) => (Array.isArray(block.content) ? (block.content as Inline[]).map((c) => c.text ?? '').join('') : '');
const svgOf = (url: string) => new TextDecoder().decode(Uint8Array.from(atob(url.split(',')[1]), (c) => c.charCodeAt(0)));
const HOSTILE_PARTS = [/<script/i, /onload/i, /onerror/i, /foreignObject/i, /javascript:/i, /127\.0\.0\.1/, /<use/i, /alert/];

async function importedVault() {
  const log = await openLog();
  const outcome = await importFiles(log, [fixtureFile('obsidian-full-vault.zip')]);
  const { notes } = log.state;
  const note = (title: string) => {
    const id = notes.order.find((candidate) => notes.meta[candidate].title === title)!;
    return { html: notes.bodies[id].html, blocks: bodyBlocks(notes.bodies[id]) as Block[] };
  };
  return { outcome, note, notes };
}

describe('importing a vault made like a real one', () => {
  it('keeps every SVG image as a sanitized SVG, shown at its own width, beside the raster images as JPEG', async () => {
    const { outcome, note } = await importedVault();
    expect(outcome).toMatchObject({ kind: 'imported', imported: 7 });
    if (outcome.kind !== 'imported') return;
    expect(outcome.files[0].dropped).toEqual([]);
    const start = note('Start here').blocks.filter((b) => b.type === 'image');
    expect(start.map((b) => [String(b.props.url).slice(0, 26), b.props.previewWidth])).toEqual([
      ['data:image/svg+xml;base64,', 24],
      ['data:image/jpeg;base64,/9j', 16],
    ]);
    expect(svgOf(start[0].props.url as string)).toContain('<circle cx="12" cy="12" r="10"');
    const diagrams = note('Markdown links').blocks.filter((b) => b.type === 'image');
    expect(diagrams.map((b) => b.props.previewWidth)).toEqual([420, 420]);
    expect(svgOf(diagrams[0].props.url as string)).toContain('Inbox &amp; ideas');
    const [untrusted] = note('Untrusted drawing').blocks.filter((b) => b.type === 'image');
    const svg = svgOf(untrusted.props.url as string);
    for (const part of HOSTILE_PARTS) expect(svg).not.toMatch(part);
    expect(svg).toContain('id="square"');
    // What note_{id} stores holds the same sanitized image, and nothing hostile.
    expect(note('Untrusted drawing').html).toContain(untrusted.props.url);
  });

  it('makes each callout a quote whose first line is its title in bold, and shows no block id', async () => {
    const { note, notes } = await importedVault();
    const quote = note('Start here').blocks.find((b) => b.type === 'quote')!;
    const [title, ...rest] = quote.content as Inline[];
    expect(title).toMatchObject({ text: 'Read this first\n', styles: { bold: true } });
    expect(rest.map((c) => c.text ?? `[${String((c as { props?: { label?: string } }).props?.label)}]`).join('')).toBe(
      'Every note links to others: start with [Launch plan].',
    );
    const untitled = note('Budget').blocks.find((b) => b.type === 'quote')!;
    expect((untitled.content as Inline[])[0]).toMatchObject({ text: 'Info\n', styles: { bold: true } });
    expect(note('Launch plan').blocks.map((b) => b.type)).toContain('table');
    for (const id of notes.order) expect(notes.bodies[id].html).not.toMatch(/\^(m1|list-steps|table-owners|intro|idea-1)\b/);
  });

  it('keeps an SVG resource of an Evernote note, and lists an SVG file that holds no image', async () => {
    const log = await openLog();
    const icon = new TextEncoder().encode(ICON_SVG);
    const enex = enexFile([
      {
        title: 'Drawing',
        created: '20240101T000000Z',
        enml: `<div>An icon:</div><en-media hash="${md5Hex(icon)}" type="image/svg+xml"/>`,
        resources: [{ data: icon, mime: 'image/svg+xml', fileName: 'icon.svg' }],
      },
      {
        title: 'Broken drawing',
        created: '20240101T000001Z',
        enml: '<div>Not an image:</div>',
        resources: [{ data: new TextEncoder().encode('<p>no svg</p>'), mime: 'image/svg+xml', fileName: 'broken.svg' }],
      },
    ]);
    const outcome = await importFiles(log, [fileOf('drawings.enex', enex)]);
    const { notes } = log.state;
    const id = notes.order.find((candidate) => notes.meta[candidate].title === 'Drawing')!;
    const image = (bodyBlocks(notes.bodies[id]) as Block[]).find((b) => b.type === 'image')!;
    expect(svgOf(image.props.url as string)).toContain('viewBox="0 0 24 24"');
    expect(image.props.previewWidth).toBe(24);
    if (outcome.kind !== 'imported') throw new Error(outcome.kind);
    expect(outcome.files[0].dropped).toEqual([
      { note: 'Broken drawing', item: 'broken.svg', reason: 'the image could not be read (image/svg+xml)' },
    ]);
    expect(textOf((bodyBlocks(notes.bodies[notes.order.find((c) => notes.meta[c].title === 'Broken drawing')!]) as Block[])[0])).toBe(
      'Not an image:',
    );
  });
});
