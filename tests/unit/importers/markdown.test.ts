import { describe, expect, it } from 'vitest';
import { planImport } from '../../../src/importers';
import { BLUE_PNG, RED_PNG } from '../../fixtures/import/make';
import { JPEG, PDF, zipOf } from '../../fixtures/import/samples';
import { attachmentOf, fileOf, fixture, importOne, noteTitled, readAll, refsIn } from './importerHelpers';

describe('Obsidian vault zip', () => {
  it('is detected by its .obsidian folder; settings, trash and dotfiles are not notes and not listed', async () => {
    const { source, items, notes } = await importOne([fixture('obsidian-vault.zip')]);
    expect(source.app).toBe('obsidian');
    expect(source.total).toBe(3);
    expect(notes.map((note) => note.source.path).sort()).toEqual(['Vault/Other.md', 'Vault/Projects/Plan.md', 'Vault/Welcome.md']);
    const listed = JSON.stringify(items);
    for (const hidden of ['.obsidian', '.trash', 'Deleted', '.DS_Store']) expect(listed).not.toContain(hidden);
  });

  it('reads front matter (tags, dates, pinned) and never shows it; a first heading equal to the title is not repeated', async () => {
    const welcome = noteTitled((await importOne([fixture('obsidian-vault.zip')])).notes, 'Welcome');
    expect(welcome.body.text).not.toContain('aliases');
    expect(welcome.body.text).not.toContain('---');
    expect(welcome.body.text.startsWith('This vault has **bold**')).toBe(true);
    expect(welcome.createdAt).toBe(Date.UTC(2022, 2, 4, 5, 6, 7));
    expect(welcome.modifiedAt).toBe(Date.UTC(2022, 2, 5, 6, 7, 8));
    expect(welcome.starred).toBe(true);
    expect(welcome.tags).toEqual(['vault', 'start', 'idea']);
  });

  it('resolves ![[x.png]] and ![[x.jpg|300]] by unique file name and ![](../path) relative to the note', async () => {
    const { notes } = await importOne([fixture('obsidian-vault.zip')]);
    const welcome = noteTitled(notes, 'Welcome');
    const [diagram, photo] = refsIn(welcome.body.text);
    expect(welcome.body.text).toContain(`![diagram.png](attachment:${diagram})`);
    expect(attachmentOf(welcome, diagram)).toMatchObject({ name: 'diagram.png', mime: 'image/png', data: RED_PNG });
    expect(welcome.body.text).toContain(`![photo.jpg](attachment:${photo})`);
    expect(attachmentOf(welcome, photo)).toMatchObject({ mime: 'image/jpeg', data: JPEG });
    const plan = noteTitled(notes, 'Plan');
    const [chart] = refsIn(plan.body.text);
    expect(plan.body.text).toContain(`![Chart](attachment:${chart})`);
    expect(attachmentOf(plan, chart)).toMatchObject({ name: 'chart one.png', data: BLUE_PNG });
    expect(plan.body.text).toContain('| a | b |');
  });

  it('turns wiki links into links to the notes they name, and leaves code as written', async () => {
    const welcome = noteTitled((await importOne([fixture('obsidian-vault.zip')])).notes, 'Welcome');
    expect(welcome.body.text).toContain(
      'See [Projects/Plan](import-note:Vault%2FProjects%2FPlan.md) and [the plan](import-note:Vault%2FProjects%2FPlan.md), ' +
        'or [Other](import-note:Vault%2FOther.md).',
    );
    expect(welcome.body.text).toContain('```md\n![[not-an-embed.png]] #notatag\n```');
    expect(welcome.body.text).toContain('Inline `![[code.png]]` stays.');
    expect(welcome.body.text).toContain('- [x] Done\n- [ ] To do');
    expect(welcome.tags).not.toContain('notatag');
  });

  it('takes dates from the zip entry when a note has no front matter, and nested inline tags', async () => {
    const other = noteTitled((await importOne([fixture('obsidian-vault.zip')])).notes, 'Other');
    expect(other.createdAt).toBe(Date.UTC(2023, 5, 1, 12, 0, 0));
    expect(other.modifiedAt).toBe(Date.UTC(2023, 5, 1, 12, 0, 0));
    expect(other.body.text).toBe('Back to [Welcome](import-note:Vault%2FWelcome.md). #reference/books');
    expect(other.tags).toEqual(['reference/books']);
  });

  it('lists the files no note refers to after the notes', async () => {
    const { items } = await importOne([fixture('obsidian-vault.zip')]);
    expect(items[items.length - 1]).toEqual({
      kind: 'dropped',
      dropped: { item: 'Vault/attachments/unused.pdf', reason: 'no note refers to it' },
    });
    expect(items.filter((item) => item.kind === 'dropped')).toHaveLength(1);
  });
});

describe('Notion export zip', () => {
  it('is detected by the ids in its names, strips them from titles, and reads the nested page', async () => {
    const { source, notes } = await importOne([fixture('notion-export.zip')]);
    expect(source.app).toBe('notion');
    expect(notes.map((note) => note.title).sort()).toEqual(['Packing', 'Trip']);
    const packing = noteTitled(notes, 'Packing');
    expect(packing.body.text).toBe('- [ ] Passport\n- [x] Charger\n');
  });

  it('resolves URL-encoded image paths and links to other pages by their paths', async () => {
    const trip = noteTitled((await importOne([fixture('notion-export.zip')])).notes, 'Trip');
    const [image] = refsIn(trip.body.text);
    expect(trip.body.text).toContain(`![Untitled](attachment:${image})`);
    expect(attachmentOf(trip, image)).toMatchObject({ name: 'Untitled.png', data: RED_PNG });
    expect(trip.body.text).toContain(
      '\n[Packing](import-note:Trip%200123456789abcdef0123456789abcdef%2FPacking%20fedcba9876543210fedcba9876543210.md)\n',
    );
    expect(trip.body.text.startsWith('We go in June.')).toBe(true);
  });
});

describe('Markdown files', () => {
  it('reads a single .md with front matter and finds the image chosen beside it', async () => {
    const plan = await planImport([fixture('note.md'), fixture('image.png')]);
    expect(plan.failures).toEqual([]);
    expect(plan.sources.map((source) => [source.file, source.app, source.total])).toEqual([['note.md', 'markdown', 1]]);
    const [item] = await readAll(plan.sources[0]);
    expect(item.kind).toBe('note');
    const note = item.kind === 'note' ? item.note : null;
    expect(note).toMatchObject({
      title: 'Weekly review',
      createdAt: Date.UTC(2023, 3, 1, 9, 0, 0),
      modifiedAt: Date.UTC(2023, 3, 2, 10, 30, 0),
      tags: ['review', 'work'],
      starred: true,
      source: { app: 'markdown', file: 'note.md' },
    });
    const [image] = refsIn(note!.body.text);
    expect(note!.body.text.startsWith('## Wins')).toBe(true);
    expect(note!.body.text).toContain(`![Chart](attachment:${image})`);
    expect(attachmentOf(note!, image)).toMatchObject({ name: 'image.png', data: BLUE_PNG });
  });

  it("recognises NotePad's own export by its front matter keys", async () => {
    const md = '---\ntitle: Mine\ncreated: 2024-01-01T00:00:00.000Z\nmodified: 2024-01-02T00:00:00.000Z\nstarred: false\n---\nBody\n';
    const { source, notes } = await importOne([fileOf('Mine.md', md)]);
    expect(source.app).toBe('notepad');
    expect(notes[0]).toMatchObject({ title: 'Mine', createdAt: Date.UTC(2024, 0, 1), modifiedAt: Date.UTC(2024, 0, 2), starred: false });
    expect(notes[0].body.text).toBe('Body\n');
  });

  it("recognises the export's id and order keys, and resolves the captioned image BlockNote writes as <figure><img>", async () => {
    const md =
      '---\ntitle: Pic\nid: "1704067200000"\ncreated: 2024-01-01T00:00:00.000Z\nmodified: 2024-01-02T00:00:00.000Z\nstarred: true\norder: 2\n---\n' +
      '<figure><img alt="dot" src="assets/Pic%201.png"><figcaption>A dot</figcaption></figure>\n\n<img src="https://example.org/x.png">\n';
    const zip = await zipOf([
      { path: 'Pic.md', data: md },
      { path: 'assets/Pic 1.png', data: BLUE_PNG },
    ]);
    const { source, notes } = await importOne([fileOf('notepad-notes.zip', zip)]);
    expect(source.app).toBe('notepad');
    expect(notes[0]).toMatchObject({ title: 'Pic', starred: true });
    const [image] = refsIn(notes[0].body.text);
    expect(notes[0].body.text).toContain(`<img alt="dot" src="attachment:${image}">`);
    expect(notes[0].body.text).toContain('<img src="https://example.org/x.png">');
    expect(attachmentOf(notes[0], image)).toMatchObject({ data: BLUE_PNG });
  });

  it("reads NotePad's own export in the manual order its front matter gives, not in the order of its file names", async () => {
    const note = (title: string, order: number) =>
      `---\ntitle: ${title}\ncreated: 2024-01-01T00:00:00.000Z\nmodified: 2024-01-02T00:00:00.000Z\nstarred: false\norder: ${order}\n---\n${title}\n`;
    const zip = await zipOf([
      { path: 'Apples.md', data: note('Apples', 3) },
      { path: 'Zebra.md', data: note('Zebra', 1) },
      { path: 'mango.md', data: note('mango', 2) },
    ]);
    const { source, notes } = await importOne([fileOf('notepad-notes.zip', zip)]);
    expect(source.app).toBe('notepad');
    expect(notes.map((n) => n.title)).toEqual(['Zebra', 'mango', 'Apples']);
  });

  it('keeps a broken front matter as the body and lists the problem', async () => {
    const md = '---\ntitle: [unclosed\n---\nText\n';
    const { notes } = await importOne([fileOf('Broken.md', md, Date.UTC(2022, 1, 1))]);
    expect(notes[0].title).toBe('Broken');
    expect(notes[0].body.text).toBe(md);
    expect(notes[0].dropped[0].item).toBe('front matter');
    expect(notes[0].dropped[0].reason).toMatch(/not valid YAML/);
    expect(notes[0].createdAt).toBe(Date.UTC(2022, 1, 1));
  });

  it('takes the file name as title, lists an embed that is not there, and keeps a PDF embed as a link', async () => {
    const md = 'Text\n\n![[missing.png]]\n\n![[report.pdf]]\n';
    const { notes, items } = await importOne([fileOf('Plain.md', md), fileOf('report.pdf', PDF)]);
    expect(notes[0].title).toBe('Plain');
    expect(notes[0].body.text).toContain('![[missing.png]]');
    const [pdf] = refsIn(notes[0].body.text);
    expect(notes[0].body.text).toContain(`[report.pdf](attachment:${pdf})`);
    expect(attachmentOf(notes[0], pdf)?.mime).toBe('application/pdf');
    expect(notes[0].dropped).toEqual([{ item: 'missing.png', reason: 'not in the export' }]);
    expect(items.filter((item) => item.kind === 'dropped')).toEqual([]);
  });

  it('detects Bear by its .textbundle folders and titles each note by its bundle', async () => {
    const zip = await zipOf([
      { path: 'Export/Groceries.textbundle/text.md', data: '# Groceries\n\nMilk #shopping\n\n![](assets/milk.jpg)\n' },
      { path: 'Export/Groceries.textbundle/info.json', data: '{"creatorIdentifier":"net.shinyfrog.bear"}' },
      { path: 'Export/Groceries.textbundle/assets/milk.jpg', data: JPEG },
    ]);
    const { source, notes, items } = await importOne([fileOf('bear.zip', zip)]);
    expect(source.app).toBe('bear');
    expect(notes[0].title).toBe('Groceries');
    expect(notes[0].tags).toEqual(['shopping']);
    expect(attachmentOf(notes[0], refsIn(notes[0].body.text)[0])?.data).toEqual(JPEG);
    expect(items).toHaveLength(1);
  });

  it('reads a zip of .html and .txt notes as such', async () => {
    const zip = await zipOf([
      { path: 'Notes/a.html', data: '<html><head><title>Page A</title></head><body><p>Hello <img src="pics/x.png"></p></body></html>' },
      { path: 'Notes/pics/x.png', data: RED_PNG },
      { path: 'Notes/b.txt', data: 'line one\nline two' },
    ]);
    const { source, notes } = await importOne([fileOf('notes.zip', zip)]);
    expect(source.app).toBe('files');
    const page = noteTitled(notes, 'Page A');
    expect(page.body.format).toBe('html');
    expect(attachmentOf(page, refsIn(page.body.text)[0])?.data).toEqual(RED_PNG);
    expect(noteTitled(notes, 'b').body).toEqual({ format: 'text', text: 'line one\nline two' });
  });
});

describe('files chosen together', () => {
  it("skips macOS's __MACOSX copies in a zip without listing them", async () => {
    const zip = await zipOf([
      { path: 'Notes/a.md', data: 'Hello' },
      { path: '__MACOSX/Notes/._a.md', data: 'resource fork' },
    ]);
    const { items } = await importOne([fileOf('mac.zip', zip)]);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'note', note: { title: 'a', source: { path: 'Notes/a.md' } } });
  });

  it('lists a chosen image no note refers to after the last note, and refuses images chosen alone', async () => {
    const plan = await planImport([fileOf('a.md', 'one'), fileOf('b.txt', 'two'), fileOf('stray.png', RED_PNG)]);
    expect(plan.sources.map((source) => [source.file, source.app])).toEqual([
      ['a.md', 'markdown'],
      ['b.txt', 'text'],
    ]);
    expect(await readAll(plan.sources[0])).toHaveLength(1);
    const last = await readAll(plan.sources[1]);
    expect(last[1]).toEqual({ kind: 'dropped', dropped: { item: 'stray.png', reason: 'no note refers to it' } });
    const alone = await planImport([fileOf('stray.png', RED_PNG)]);
    expect(alone.sources).toEqual([]);
    expect(alone.failures.map((failure) => failure.reason)).toEqual([
      'not a note export: NotePad reads .enex, .md, .txt, .html, .json (Google Keep, Simplenote) and .zip',
    ]);
  });

  it('fails a chosen file that cannot be read any more, alone', async () => {
    const gone = Object.assign(new Blob(['x']), {
      name: 'gone.md',
      arrayBuffer: () => Promise.reject(new DOMException('moved', 'NotReadableError')),
    });
    const plan = await planImport([gone, fileOf('ok.md', 'fine')]);
    expect(plan.sources.map((source) => source.file)).toEqual(['ok.md']);
    expect(plan.failures.map((failure) => [failure.file, failure.reason])).toEqual([
      ['gone.md', 'could not be read (moved or changed since it was chosen)'],
    ]);
  });
});
