/**
 * `npx tsx bench/links/run.ts`: the links between notes at 10,000 notes in Node (docs/benchmarks.md
 * "Links between notes"): building the link index from every body, following one save, "Linked
 * from" and the search's join, and the `[[` picker's answer per keystroke. Bodies are BlockNote
 * documents of about 1.5 KB of HTML, one in ten with three links. Prints the median CPU time of
 * BENCH_RUNS runs (default 5; CPU time, because a shared machine stretches wall time); never fails.
 * Env: BENCH_LINKS_NOTES (default 10,000).
 */
import { cpus, loadavg } from 'node:os';
import { Parser } from 'htmlparser2';
import type { AppEvent } from '../../catalog';
import { EVENT_SCHEMA_VERSION } from '../../catalog';
import { foldNotes } from '../../src/projections/foldNotes';
import { LinkIndex, type HtmlNoteLinks } from '../../src/projections/noteLinks/linkIndex';
import { pickNotes } from '../../src/projections/noteLinks/notePicker';
import { EMPTY_NOTES, type NotesState } from '../../src/projections/notesState';

const NOTES = Math.max(100, Number(process.env.BENCH_LINKS_NOTES ?? 10_000));
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const WORDS =
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua'.split(' ');

const htmlNoteLinks: HtmlNoteLinks = (html) => {
  const ids: string[] = [];
  const parser = new Parser({ onopentag: (name, attrs) => name === 'a' && attrs['data-note-id'] && ids.push(attrs['data-note-id']) });
  parser.write(html);
  parser.end();
  return ids;
};

let seq = 0;
const event = (type: string, payload: Record<string, unknown>): AppEvent =>
  ({
    v: EVENT_SCHEMA_VERSION,
    seq: ++seq,
    id: `bench-${seq}`,
    at: new Date(1_700_000_000_000 + seq).toISOString(),
    type,
    payload,
  }) as AppEvent;

/** A body: a few paragraphs of words, and links to `targets`. */
function body(i: number, targets: string[]) {
  const paragraphs = Array.from({ length: 5 }, (_, p) =>
    Array.from({ length: 40 }, (_, w) => WORDS[(i * 7 + p * 3 + w) % WORDS.length]).join(' '),
  );
  const blocks = paragraphs.map((text, p) => ({
    type: 'paragraph',
    props: {},
    children: [],
    content: [
      { type: 'text', text, styles: {} },
      ...(p === 0 ? targets.map((noteId) => ({ type: 'noteLink', props: { noteId, label: `Note ${noteId}` } })) : []),
    ],
  }));
  const links = targets.map((id) => `<a href="/?note=${id}" class="note-link" data-note-id="${id}">Note ${id}</a>`).join('');
  const html = `<div class="bn-block-group">${paragraphs.map((t, p) => `<p class="bn-inline-content">${t}${p === 0 ? links : ''}</p>`).join('')}</div>`;
  // A flat string, as one read back from IndexedDB is (a concatenation is a rope V8 would flatten on first search).
  return { html: Buffer.from(html).toString(), blocks };
}

function library(): NotesState {
  const events: AppEvent[] = [];
  for (let i = 0; i < NOTES; i++) {
    const id = String(1_700_000_000_000 + i);
    events.push(event('note.created', { id, title: `${WORDS[i % WORDS.length]} note ${i}` }));
    const targets = i % 10 === 0 ? [1, 2, 3].map((k) => String(1_700_000_000_000 + ((i + k * 997) % NOTES))) : [];
    events.push(event('note.body-saved', { id, ...body(i, targets) }));
  }
  return foldNotes(EMPTY_NOTES, events);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** CPU time of `run` in ms: on a shared machine it is the steadier figure (wall time counts the waits for a core). */
function time(run: () => unknown): number {
  const cpu = process.cpuUsage();
  run();
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000;
}

const notes = library();
const saved = foldNotes(notes, [event('note.body-saved', { id: notes.order[5], ...body(5, [notes.order[9]]) })]);
const build: number[] = [];
const follow: number[] = [];
const backlinks: number[] = [];
const join: number[] = [];
for (let r = 0; r < RUNS; r++) {
  const index = new LinkIndex(htmlNoteLinks);
  build.push(time(() => index.update(notes)));
  follow.push(time(() => index.update(saved)));
  backlinks.push(time(() => index.linkedFrom(saved, notes.order[9])));
  const titleMatches = saved.order.filter((id) => saved.meta[id].title.includes('lorem'));
  join.push(time(() => index.linkingTo(saved, titleMatches)));
}
const picks: number[] = [];
for (let r = 0; r < RUNS; r++)
  for (const query of ['', 'l', 'lo', 'lor', 'lorem n', 'note 9']) picks.push(time(() => pickNotes(saved, query)));

console.log(
  `Links between notes, ${NOTES.toLocaleString('en')} notes, ${RUNS} runs, CPU time (${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()[0].toFixed(1)})`,
);
console.log(`link index, first build        ${median(build).toFixed(1)} ms`);
console.log(`link index, after one save     ${median(follow).toFixed(2)} ms`);
console.log(`Linked from, one note          ${median(backlinks).toFixed(3)} ms`);
console.log(`search join, "lorem" titles    ${median(join).toFixed(2)} ms`);
console.log(`[[ picker, one keystroke       ${median(picks).toFixed(2)} ms (max ${Math.max(...picks).toFixed(2)})`);
