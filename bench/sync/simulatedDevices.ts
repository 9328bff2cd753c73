/**
 * Simulated devices of the sync bench (docs/sync.md "Figures"): each makes realistic note events
 * in the catalog's envelope (note ids are ms timestamps, unique per device), pushes them, pulls the
 * account's log, and folds what it pulled with the app's own pure projections.
 */
import { randomUUID } from 'node:crypto';
import { EVENT_SCHEMA_VERSION } from '../../catalog/index.ts';
import type { AppEvent } from '../../catalog';
import { foldNotes } from '../../src/projections/foldNotes';
import { EMPTY_NOTES, type NotesState } from '../../src/projections/notesState';
import { toStorageKeys } from '../../src/projections/storageKeys';
import type { WireEvent } from '../../tests/sync/client';

const WORDS =
  'meeting plan draft budget review launch travel recipe idea garden invoice lecture chapter sprint design backlog notes call'.split(' ');

/** A device's own source of events: it edits the notes it created (ids unique per device). */
export class EventSource {
  private notes: string[] = [];
  private nextId: number;
  constructor(
    private readonly random: () => number,
    deviceIndex: number,
  ) {
    // ms timestamps, spaced so that devices never mint the same id.
    this.nextId = 1_700_000_000_000 + deviceIndex * 100_000_000;
  }

  private words(n: number): string {
    return Array.from({ length: n }, () => WORDS[Math.floor(this.random() * WORDS.length)]).join(' ');
  }
  private event(type: string, payload: Record<string, unknown>): WireEvent {
    return { v: EVENT_SCHEMA_VERSION, id: randomUUID(), at: new Date().toISOString(), type, payload };
  }
  private pickNote(): string {
    return this.notes[Math.floor(this.random() * this.notes.length)];
  }

  /** One event: a new note when there are few, else mostly body saves, some renames, stars, moves and deletes. */
  next(): WireEvent {
    const roll = this.random();
    if (this.notes.length < 3 || roll < 0.12) {
      const id = String(this.nextId++);
      this.notes.push(id);
      return this.event('note.created', { id, title: this.words(3) });
    }
    const id = this.pickNote();
    if (roll < 0.7) {
      const paragraphs = Array.from(
        { length: 1 + Math.floor(this.random() * 6) },
        () => `<p>${this.words(12 + Math.floor(this.random() * 40))}</p>`,
      );
      return this.event('note.body-saved', { id, html: paragraphs.join('') });
    }
    if (roll < 0.8) return this.event('note.renamed', { id, title: this.words(2 + Math.floor(this.random() * 4)) });
    if (roll < 0.88) return this.event(this.random() < 0.7 ? 'note.starred' : 'note.unstarred', { id });
    if (roll < 0.96) return this.event('note.moved', { id, direction: this.random() < 0.5 ? 'up' : 'down' });
    this.notes.splice(this.notes.indexOf(id), 1);
    return this.event('note.deleted', { id });
  }

  /** `n` events. */
  batch(n: number): WireEvent[] {
    return Array.from({ length: n }, () => this.next());
  }
}

/** Pulled events as the app's fold takes them: the serverSeq stands in for the log's seq. */
function asAppEvents(pulled: readonly { serverSeq: number; event: WireEvent }[]): AppEvent[] {
  return pulled.map((p) => ({ ...p.event, seq: p.serverSeq }) as unknown as AppEvent);
}

/** Folds `events` onto `state` (default: no notes). */
export function fold(events: readonly { serverSeq: number; event: WireEvent }[], state: NotesState = EMPTY_NOTES): NotesState {
  return foldNotes(state, asAppEvents(events));
}

/** The exact `notes` / `note_{id}` / `linkedNotes` keys of a state, as one string to compare. */
export function storageFingerprint(state: NotesState): string {
  return JSON.stringify(toStorageKeys(state));
}
