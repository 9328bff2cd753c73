import { describe, expect, it } from 'vitest';
import { NoteLinkTargets } from '../../../src/importers/folder/noteLinkTargets';
import { rewriteMarkdown, type Resolved } from '../../../src/importers/markdown/rewrite';

/*
 * Which note a link of an import names (docs/architecture.md "Links between notes"): Obsidian's rules
 * for wiki links, paths for Markdown links, and how the Markdown reader writes each form.
 */

const HEX = '0123456789abcdef0123456789abcdef';
const VAULT = new NoteLinkTargets([
  'Vault/Start here.md',
  'Vault/Projects/2024/Budget.md',
  'Vault/Projects/Archive/Budget.md',
  'Vault/Budget.md',
  'Vault/Projects/2024/Launch plan.md',
  'Vault/Deep/Er/Still/Launch plan.md',
  'Vault/Reference/Markdown links.md',
  `Travel ${HEX}/Japan 2024 ${HEX}.md`,
]);

describe('a wiki link finds its note as Obsidian does', () => {
  it('by file name without .md, ignoring case, and with .md written out', () => {
    expect(VAULT.wiki('start here', 'Vault/Daily/x.md')).toBe('Vault/Start here.md');
    expect(VAULT.wiki('Start here.md', 'Vault/Daily/x.md')).toBe('Vault/Start here.md');
    expect(VAULT.wiki('MARKDOWN LINKS', 'Vault/x.md')).toBe('Vault/Reference/Markdown links.md');
  });

  it('by the shortest path when a name is ambiguous, unless one lies in the linking note’s folder', () => {
    expect(VAULT.wiki('Budget', 'Vault/Daily/x.md')).toBe('Vault/Budget.md');
    expect(VAULT.wiki('Budget', 'Vault/Projects/Archive/x.md')).toBe('Vault/Projects/Archive/Budget.md');
    expect(VAULT.wiki('Launch plan', 'Vault/x.md')).toBe('Vault/Projects/2024/Launch plan.md');
  });

  it('by its path when it gives folders: the whole path, or the end of one', () => {
    expect(VAULT.wiki('Vault/Projects/Archive/Budget', 'Vault/x.md')).toBe('Vault/Projects/Archive/Budget.md');
    expect(VAULT.wiki('Archive/Budget', 'Vault/x.md')).toBe('Vault/Projects/Archive/Budget.md');
    expect(VAULT.wiki('projects/2024/budget', 'Vault/x.md')).toBe('Vault/Projects/2024/Budget.md');
    expect(VAULT.wiki('../Budget', 'Vault/Projects/x.md')).toBe('Vault/Budget.md');
    expect(VAULT.wiki('Nowhere/Budget', 'Vault/x.md')).toBeNull();
    expect(VAULT.wiki('chive/Budget', 'Vault/x.md')).toBeNull();
  });

  it('finds no note for a name no file has, and a Notion page by its name without the id', () => {
    expect(VAULT.wiki('Someday plan', 'Vault/x.md')).toBeNull();
    expect(VAULT.wiki('', 'Vault/x.md')).toBeNull();
    expect(VAULT.wiki('Japan 2024', 'x.md')).toBe(`Travel ${HEX}/Japan 2024 ${HEX}.md`);
    expect(VAULT.wiki('Travel/Japan 2024', 'x.md')).toBe(`Travel ${HEX}/Japan 2024 ${HEX}.md`);
  });
});

describe('a Markdown link finds its note by path', () => {
  it('relative to the linking note, URL-encoded with %20, as Notion, Bear and Export all notes write them', () => {
    expect(VAULT.file('../Projects/Archive/Budget.md', 'Vault/Reference/x.md')).toBe('Vault/Projects/Archive/Budget.md');
    expect(VAULT.file('../Start%20here.md', 'Vault/Reference/x.md')).toBe('Vault/Start here.md');
    expect(VAULT.file(`Travel%20${HEX}/Japan%202024%20${HEX}.md`, 'x.md')).toBe(`Travel ${HEX}/Japan 2024 ${HEX}.md`);
  });

  it('from the root, then by its file name when the path leads nowhere; never a file that is not a note', () => {
    expect(VAULT.file('Vault/Reference/Markdown%20links.md', 'Vault/Projects/x.md')).toBe('Vault/Reference/Markdown links.md');
    expect(VAULT.file('Moved/Markdown%20links.md', 'Vault/x.md')).toBe('Vault/Reference/Markdown links.md');
    expect(VAULT.file('../Start here.pdf', 'Vault/Reference/x.md')).toBeNull();
    expect(VAULT.file('Missing.md', 'Vault/x.md')).toBeNull();
  });

  it('is written as the note file’s path, else as the title a note already in NotePad may have', () => {
    expect(VAULT.url('Budget', 'Vault/x.md', true)).toBe('import-note:Vault%2FBudget.md');
    expect(VAULT.url('Ideas/Someday plan', 'Vault/x.md', true)).toBe('import-title:Someday%20plan');
    expect(VAULT.url(`Gone%20${HEX}.md`, 'x.md', false)).toBe('import-title:Gone');
  });
});

/** The Markdown a body becomes when every link to a note is resolved in VAULT from `from`. */
function rewritten(body: string, from = 'Vault/Daily/x.md'): string {
  const resolve = (target: string): Resolved =>
    /\.(png|svg)$/.test(target) ? { kind: 'attachment', ref: '1-x', image: true } : { kind: 'note' };
  return rewriteMarkdown(body, resolve, false, (target, wiki) => VAULT.url(target, from, wiki)).text;
}

describe('the Markdown reader writes every form of link to a note as a link', () => {
  it('[[Note]], [[Note|alias]], [[Note#Heading]] and [[folder/Note]], labelled with the alias or "Note > Heading"', () => {
    expect(rewritten('[[Start here]], [[Start here|home]], [[Start here#Tips]] and [[Archive/Budget]]')).toBe(
      '[Start here](import-note:Vault%2FStart%20here.md), [home](import-note:Vault%2FStart%20here.md), ' +
        '[Start here > Tips](import-note:Vault%2FStart%20here.md) and [Archive/Budget](import-note:Vault%2FProjects%2FArchive%2FBudget.md)',
    );
  });

  it('embeds of notes and of blocks as links to the note, while an embedded image stays an image', () => {
    expect(rewritten('![[Budget]]\n\n![[Start here#^intro]]\n\n![[chart.png]]')).toBe(
      '[Budget](import-note:Vault%2FBudget.md)\n\n[Start here](import-note:Vault%2FStart%20here.md)\n\n![chart.png](attachment:1-x)',
    );
  });

  it('Markdown links to .md files, in tables and lists too, and leaves code alone', () => {
    expect(rewritten('| a | b |\n|---|---|\n| [[Budget\\|money]] | [home](../Start%20here.md) |\n\n- [[Budget]]\n\n`[[Budget]]`')).toBe(
      '| a | b |\n|---|---|\n| [money](import-note:Vault%2FBudget.md) | [home](import-note:Vault%2FStart%20here.md) |\n\n' +
        '- [Budget](import-note:Vault%2FBudget.md)\n\n`[[Budget]]`',
    );
  });

  it('a link to no note of the import by the title it would have, its label kept readable', () => {
    expect(rewritten('[[Someday plan|the [draft]] and [[#Local heading]]')).toBe(
      '[the \\[draft](import-title:Someday%20plan) and Local heading',
    );
  });

  it('as readable text when no linker is given (a reader without a folder)', () => {
    expect(rewriteMarkdown('[[Budget|money]] and [[Start here#^intro]]', () => ({ kind: 'note' })).text).toBe('money and Start here');
  });
});
