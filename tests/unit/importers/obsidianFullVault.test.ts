import { describe, expect, it } from 'vitest';
import { DIAGRAM_SVG, HOSTILE_SVG, ICON_SVG } from '../../fixtures/import/vaults';
import { attachmentOf, fixture, importOne, noteTitled, refsIn } from './importerHelpers';

/*
 * The vault made like a real one (tests/fixtures/import/vaults.ts): nested folders, front matter of
 * every kind, callouts, block ids and SVG and PNG embeds, read by the Markdown reader.
 */

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('an Obsidian vault made like a real one', () => {
  it('gives every note of its nested folders, and none of its settings', async () => {
    const { source, notes } = await importOne([fixture('obsidian-full-vault.zip')]);
    expect(source.app).toBe('obsidian');
    expect(notes.map((n) => n.source.path)).toEqual([
      'Vault/Daily/2024-03-05.md',
      'Vault/Projects/2024/Budget.md',
      'Vault/Projects/2024/Launch plan.md',
      'Vault/Projects/Archive/Old idea.md',
      'Vault/Reference/Markdown links.md',
      'Vault/Reference/Untrusted drawing.md',
      'Vault/Start here.md',
    ]);
  });

  it('reads tags as a list, as a comma string and inline as #tag/sub, and dates, and shows no aliases', async () => {
    const { notes } = await importOne([fixture('obsidian-full-vault.zip')]);
    const start = noteTitled(notes, 'Start here');
    expect(start.tags).toEqual(['start', 'help/basics', 'welcome']);
    expect(start.body.text).not.toContain('Home');
    expect(start.createdAt).toBe(Date.UTC(2024, 0, 2, 9));
    expect(start.modifiedAt).toBe(Date.UTC(2024, 2, 1, 10));
    const plan = noteTitled(notes, 'Launch plan');
    expect(plan.tags).toEqual(['project', 'launch/2024', 'project/active']);
    expect(plan.createdAt).toBe(Date.UTC(2024, 1, 10));
    expect(noteTitled(notes, 'Old idea').createdAt).toBe(Date.UTC(2021, 4, 6));
  });

  it('makes callouts quotes titled in bold, nested and untitled ones too', async () => {
    const { notes } = await importOne([fixture('obsidian-full-vault.zip')]);
    expect(noteTitled(notes, 'Start here').body.text).toContain('> **Read this first**\n>\n> Every note links to others');
    expect(noteTitled(notes, 'Launch plan').body.text).toContain(
      '> **Risks**\n>\n> The budget in [Budget](import-note:Vault%2FProjects%2F2024%2FBudget.md) is tight.\n> > **Note**\n> >\n' +
        '> > Ask [the team](import-note:Vault%2FStart%20here.md).',
    );
    expect(noteTitled(notes, 'Budget').body.text).toContain('> **Info**\n>\n> Numbers are in thousands.');
    for (const note of notes) expect(note.body.text).not.toContain('[!');
  });

  it('drops block ids from the text, and makes embeds of blocks and notes links to their notes', async () => {
    const { notes } = await importOne([fixture('obsidian-full-vault.zip')]);
    const plan = noteTitled(notes, 'Launch plan');
    expect(plan.body.text).toContain('Ship the beta in March.\n');
    expect(plan.body.text).toContain('- Record the video\n\n| Step | Owner |');
    expect(plan.body.text).toContain('| Launch | Ben |\n\n');
    for (const note of notes) expect(note.body.text).not.toMatch(/\^(m1|list-steps|table-owners|intro|idea-1)\b/);
    const start = noteTitled(notes, 'Start here');
    expect(start.body.text).toContain('\n[Launch plan](import-note:Vault%2FProjects%2F2024%2FLaunch%20plan.md)\n');
    expect(start.body.text).toContain('and [Old idea](import-note:Vault%2FProjects%2FArchive%2FOld%20idea.md).');
  });

  it('embeds SVG images as images: an icon by its name with #icon, a diagram by a URL-encoded path and with a size', async () => {
    const { notes, items } = await importOne([fixture('obsidian-full-vault.zip')]);
    const start = noteTitled(notes, 'Start here');
    const [icon, screenshot] = refsIn(start.body.text);
    expect(start.body.text).toContain(`![lucide-info.svg](attachment:${icon}) Icons are SVG files.`);
    expect(attachmentOf(start, icon)).toMatchObject({ name: 'lucide-info.svg', mime: 'image/svg+xml' });
    expect(text(attachmentOf(start, icon)!.data)).toBe(ICON_SVG);
    expect(attachmentOf(start, screenshot)).toMatchObject({ name: 'screenshot.png', mime: 'image/png' });
    const links = noteTitled(notes, 'Markdown links');
    const diagrams = refsIn(links.body.text).map((ref) => attachmentOf(links, ref)!);
    expect(diagrams.map((d) => [d.name, d.mime])).toEqual([
      ['flow diagram.svg', 'image/svg+xml'],
      ['flow diagram.svg', 'image/svg+xml'],
    ]);
    expect(text(diagrams[0].data)).toBe(DIAGRAM_SVG);
    expect(
      text(attachmentOf(noteTitled(notes, 'Untrusted drawing'), refsIn(noteTitled(notes, 'Untrusted drawing').body.text)[0])!.data),
    ).toBe(HOSTILE_SVG);
    // Every file is used by a note: nothing is listed as left over.
    expect(items.filter((item) => item.kind === 'dropped')).toEqual([]);
  });
});
