import { format } from 'date-fns';
import type { NoteBody, NotesState } from './notesState';
import { bodyFacts, hasFacts } from './statisticsText';
import { STORED_NOTE_COUNTS_FORMAT, type KnownCounts, type StoredNoteCounts } from './storedNoteCounts';

/** The bar chart and the word cloud cover the last 7 calendar days, today included (docs/product.md "Constants"). */
export const DASHBOARD_DAYS = 7;
/** The word cloud shows the 10 most used words (docs/product.md "Dashboard", "Constants"). */
export const TOP_WORDS_COUNT = 10;

/** One bar of the "last 7 days" chart: a calendar day in the chosen time zone. */
export interface DayCount {
  /** `yyyy-MM-dd` */
  date: string;
  /** Short weekday name, `Mon` ... `Sun` */
  weekday: string;
  /** Notes whose last-modified time falls on this day */
  count: number;
}

/** One word of the word cloud and how often it occurs. */
export interface WordCount {
  word: string;
  count: number;
}

/** One follow-up highlight (docs/product.md "Entities and storage keys") with the note it is in. */
export interface FollowUpItem {
  noteId: string;
  title: string;
  text: string;
  /** Position of the item within its note, so `noteId:index` is a stable key. */
  index: number;
}

/** The figures of the analytics dashboard (docs/product.md "Dashboard", "Constants"). */
export interface DashboardStatistics {
  totalNotes: number;
  /** Words of every note's text, split on whitespace. */
  totalWords: number;
  /** The newest `modified` ISO time of any note, or null without notes. */
  lastModified: string | null;
  /** The last DASHBOARD_DAYS days, oldest first, today last; days without notes count 0. */
  lastDays: DayCount[];
  starred: number;
  notStarred: number;
  /** Up to TOP_WORDS_COUNT words of notes modified in the last days, most used first (ties alphabetical). */
  topWords: WordCount[];
  /** Every follow-up highlight, notes in manual order, items in document order. */
  followUps: FollowUpItem[];
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of instant `ms` in `timeZone` as [year, month 1-12, day]. @throws RangeError for an unknown zone. */
function calendarDate(ms: number, timeZone: string): [number, number, number] {
  let fmt = dayFormats.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    dayFormats.set(timeZone, fmt);
  }
  const parts = fmt.formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return [part('year'), part('month'), part('day')];
}

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const dateKey = ([y, m, d]: [number, number, number]) => `${y}-${pad(m)}-${pad(d)}`;

// The day of a note's modified time, cached per meta object (a new one on every rename or save).
const dayCache = new WeakMap<object, { timeZone: string; day: string | null }>();
function modifiedDay(meta: { modified: string }, timeZone: string): string | null {
  const cached = dayCache.get(meta);
  if (cached?.timeZone === timeZone) return cached.day;
  const ms = Date.parse(meta.modified);
  const day = Number.isNaN(ms) ? null : dateKey(calendarDate(ms, timeZone));
  dayCache.set(meta, { timeZone, day });
  return day;
}

/** The last DASHBOARD_DAYS calendar days up to the day of `now` in `timeZone`, oldest first. */
function lastDays(now: number, timeZone: string): DayCount[] {
  const [y, m, d] = calendarDate(now, timeZone);
  const days: DayCount[] = [];
  for (let back = DASHBOARD_DAYS - 1; back >= 0; back -= 1) {
    // A calendar date, not an instant: the Date constructor only does the day arithmetic here.
    const day = new Date(y, m - 1, d - back);
    days.push({ date: format(day, 'yyyy-MM-dd'), weekday: format(day, 'EEE'), count: 0 });
  }
  return days;
}

/**
 * The dashboard figures for the notes projection (docs/product.md "Dashboard", "Validation rules", "Constants").
 * Takes the notes, the current time (`now`, a Date or ms since the epoch) and an IANA time zone
 * (e.g. "Europe/Berlin") that decides which calendar day a time falls on. "The last 7 days" are the
 * calendar days from 6 days before today up to today; a note belongs to the day of its last-modified
 * time (docs/product.md "Constants"). Text is read per body (see bodyFacts), cached, so
 * calling this again after one note changed re-reads only that note. `known`: counts an earlier page
 * stored (storedNoteCounts.ts); a note at the revision they were taken at is not read at all unless
 * its words are needed for the word cloud (changed in the last days).
 * Pure: no DOM, no I/O. @throws RangeError when `timeZone` is not a known zone.
 */
export function dashboardStatistics(
  notes: NotesState,
  now: Date | number,
  timeZone: string,
  known?: KnownCounts | null,
): DashboardStatistics {
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const days = lastDays(nowMs, timeZone);
  // No time zone is a day or more from UTC: a time outside these bounds is on none of the days, so its date is not worked out.
  const [earliest, latest] = [nowMs - (DASHBOARD_DAYS + 2) * DAY_MS, nowMs + 2 * DAY_MS];
  const dayIndex = new Map(days.map((day, i) => [day.date, i]));
  const starredIds = new Set(notes.starred);
  const words = new Map<string, number>();
  const followUps: FollowUpItem[] = [];
  let totalWords = 0;
  let starred = 0;
  let lastModified: string | null = null;
  let lastModifiedMs = -Infinity;

  for (const id of notes.order) {
    const meta = notes.meta[id];
    const body = notes.bodies[id];
    if (!meta) continue;
    if (starredIds.has(id)) starred += 1;
    const ms = Date.parse(meta.modified);
    if (ms > lastModifiedMs) [lastModifiedMs, lastModified] = [ms, meta.modified];
    const at = ms >= earliest && ms <= latest ? dayIndex.get(modifiedDay(meta, timeZone) ?? '') : undefined;
    const seen = known?.get(id);
    const stored = at === undefined && seen !== undefined && seen.rev === notes.revs[id]?.id;
    const facts = stored ? seen : body ? bodyFacts(body) : undefined;
    if (facts) {
      totalWords += facts.wordCount;
      facts.followUps.forEach((text, index) => followUps.push({ noteId: id, title: meta.title, text, index }));
    }
    if (at === undefined) continue;
    days[at].count += 1;
    if (facts && 'cloudWords' in facts) facts.cloudWords.forEach((count, word) => words.set(word, (words.get(word) ?? 0) + count));
  }

  const topWords = [...words]
    .map(([word, count]) => ({ word, count }))
    .sort((a, b) => b.count - a.count || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
    .slice(0, TOP_WORDS_COUNT);
  const totalNotes = notes.order.filter((id) => notes.meta[id]).length;
  return { totalNotes, totalWords, lastModified, lastDays: days, starred, notStarred: totalNotes - starred, topWords, followUps };
}

/**
 * The bodies whose text `dashboardStatistics(notes, now, timeZone, known)` or `toStoredNoteCounts(notes,
 * known)` reads but that hold no HTML and were not read yet (`hasFacts`): their HTML is in their
 * records (docs/architecture.md "Documents by reference"), which the dashboard reads first, a slice at
 * a time (`factsFromHtml`). Pure. @throws RangeError when `timeZone` is not a known zone.
 */
export function bodiesToRead(notes: NotesState, now: Date | number, timeZone: string, known?: KnownCounts | null): NoteBody[] {
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const dayIndex = new Set(lastDays(nowMs, timeZone).map((day) => day.date));
  const [earliest, latest] = [nowMs - (DASHBOARD_DAYS + 2) * DAY_MS, nowMs + 2 * DAY_MS];
  const lacking: NoteBody[] = [];
  for (const id of notes.order) {
    const meta = notes.meta[id];
    const body = notes.bodies[id];
    if (!meta || !body || hasFacts(body)) continue;
    const ms = Date.parse(meta.modified);
    const inDays = ms >= earliest && ms <= latest && dayIndex.has(modifiedDay(meta, timeZone) ?? '');
    const seen = known?.get(id);
    if (inDays || seen === undefined || seen.rev !== notes.revs[id]?.id) lacking.push(body);
  }
  return lacking;
}

/**
 * The counts of every note of `notes` with a revision, for the next page: from `known` where its
 * revision is the note's, else read from the body (bodyFacts, cached per body), but for the bodies
 * whose HTML is not read yet (`bodiesToRead`). Pure but for that cache.
 */
export function toStoredNoteCounts(notes: NotesState, known: KnownCounts | null): StoredNoteCounts {
  const ids: string[] = [];
  const revs: string[] = [];
  const words: number[] = [];
  const followUps: [number, readonly string[]][] = [];
  for (const id of notes.order) {
    const rev = notes.revs[id]?.id;
    const body = notes.bodies[id];
    if (rev === undefined || !body) continue;
    const seen = known?.get(id);
    // A body whose HTML is only in its record and not counted yet (`bodiesToRead`) is left for a later page.
    if (seen?.rev !== rev && !hasFacts(body)) continue;
    const counts = seen?.rev === rev ? seen : bodyFacts(body);
    if (counts.followUps.length) followUps.push([ids.length, counts.followUps]);
    ids.push(id);
    revs.push(rev);
    words.push(counts.wordCount);
  }
  return { format: STORED_NOTE_COUNTS_FORMAT, ids, revs, wordCounts: Uint32Array.from(words), followUps: JSON.stringify(followUps) };
}
