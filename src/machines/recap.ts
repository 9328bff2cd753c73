import { assign, fromPromise, setup } from 'xstate';
import type { RecapFormat } from '../../catalog';

/** What was summarized: the selected text or the whole note (docs/product.md "Validation rules"). */
export type RecapScope = 'selection' | 'note';

/** What the recap machine holds: the note, the text asked about, both summary versions, the last failure. */
export interface RecapContext {
  noteId: string | null;
  /** Title of the note when the recap was asked for (docs/product.md "Side panels": the panel shows it). */
  title: string;
  /** The text sent to be summarized. */
  text: string;
  scope: RecapScope;
  /** The paragraph summary; kept so switching back from bullets restores it (docs/product.md "States and transitions"). */
  paragraph: string | null;
  /** The bulleted version, asked for once per summary. */
  bullets: string | null;
  /** The last request's failure (what the summarize actor rejected with), or null. */
  error: unknown;
}

/** Events the recap machine accepts from the panel and the toolbar. */
export type RecapEvent =
  | { type: 'recap.summarize'; noteId: string; title: string; text: string; scope: RecapScope }
  | { type: 'recap.format'; format: RecapFormat }
  | { type: 'recap.retry' }
  | { type: 'recap.insert' }
  | { type: 'recap.close' };

/**
 * The Note Recap (docs/product.md "AI helpers", "Messages"): idle -> summarizing -> paragraph <-> bullets.
 * The first switch to bullets asks `summarize` once with format "bullets" for the same text (state `converting`);
 * later switches reuse both texts. A failed summary goes to `failed` (retry asks again); a failed
 * conversion stays on the paragraph. Effects are named actions/actors the UI provides: the
 * `summarize` call, and the events and toasts of each request and outcome.
 */
export const recapMachine = setup({
  types: {
    context: {} as RecapContext,
    events: {} as RecapEvent,
  },
  actors: {
    /** Provided by the UI: the summarize function; resolves with the summary text. */
    summarize: fromPromise<string, { text: string; format?: 'bullets' }>(async () => {
      throw new Error('summarize is not provided');
    }),
  },
  actions: {
    /** Append summary.requested. */
    summaryRequested: (_, _params: { noteId: string; format: RecapFormat; scope: RecapScope }) => {},
    /** Append summary.received. */
    summaryReceived: (_, _params: { noteId: string; format: RecapFormat; summary: string }) => {},
    /** Append summary.failed and show the docs/product.md "Messages" message of `format` (or the offline message). */
    summaryFailed: (_, _params: { noteId: string; format: RecapFormat; error: unknown }) => {},
    /** Append recap.format-changed and toast "Format changed". */
    formatChanged: (_, _params: { noteId: string; format: RecapFormat }) => {},
    /** Place `text` at the top of the note, append recap.inserted, toast "Recap inserted". */
    insertRecap: (_, _params: { noteId: string; format: RecapFormat; text: string }) => {},
  },
  guards: {
    /** A switch to bullets whose bulleted text is already known. */
    toKnownBullets: ({ context, event }) => event.type === 'recap.format' && event.format === 'bullets' && context.bullets !== null,
    toBullets: ({ event }) => event.type === 'recap.format' && event.format === 'bullets',
    toParagraph: ({ event }) => event.type === 'recap.format' && event.format === 'paragraph',
  },
}).createMachine({
  id: 'recap',
  context: { noteId: null, title: '', text: '', scope: 'note', paragraph: null, bullets: null, error: null },
  initial: 'idle',
  on: {
    'recap.summarize': {
      target: '.summarizing',
      reenter: true,
      actions: assign(({ event }) => ({
        noteId: event.noteId,
        title: event.title,
        text: event.text,
        scope: event.scope,
        paragraph: null,
        bullets: null,
        error: null,
      })),
    },
    'recap.close': { target: '.idle' },
  },
  states: {
    idle: {},
    summarizing: {
      entry: {
        type: 'summaryRequested',
        params: ({ context }) => ({ noteId: context.noteId!, format: 'paragraph' as const, scope: context.scope }),
      },
      invoke: {
        src: 'summarize',
        input: ({ context }) => ({ text: context.text }),
        onDone: {
          target: 'paragraph',
          actions: [
            assign({ paragraph: ({ event }) => event.output }),
            {
              type: 'summaryReceived',
              params: ({ context, event }) => ({ noteId: context.noteId!, format: 'paragraph' as const, summary: event.output }),
            },
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => event.error }),
            {
              type: 'summaryFailed',
              params: ({ context, event }) => ({ noteId: context.noteId!, format: 'paragraph' as const, error: event.error }),
            },
          ],
        },
      },
    },
    paragraph: {
      on: {
        'recap.format': [
          {
            guard: 'toKnownBullets',
            target: 'bullets',
            actions: { type: 'formatChanged', params: ({ context }) => ({ noteId: context.noteId!, format: 'bullets' as const }) },
          },
          { guard: 'toBullets', target: 'converting' },
        ],
        'recap.insert': {
          actions: {
            type: 'insertRecap',
            params: ({ context }) => ({ noteId: context.noteId!, format: 'paragraph' as const, text: context.paragraph! }),
          },
        },
      },
    },
    converting: {
      entry: {
        type: 'summaryRequested',
        params: ({ context }) => ({ noteId: context.noteId!, format: 'bullets' as const, scope: context.scope }),
      },
      invoke: {
        src: 'summarize',
        // The bulleted version of the same text, not of the summary: an extractive summarizer would cut the summary again.
        input: ({ context }) => ({ text: context.text, format: 'bullets' as const }),
        onDone: {
          target: 'bullets',
          actions: [
            assign({ bullets: ({ event }) => event.output }),
            {
              type: 'summaryReceived',
              params: ({ context, event }) => ({ noteId: context.noteId!, format: 'bullets' as const, summary: event.output }),
            },
            { type: 'formatChanged', params: ({ context }) => ({ noteId: context.noteId!, format: 'bullets' as const }) },
          ],
        },
        onError: {
          target: 'paragraph',
          actions: [
            assign({ error: ({ event }) => event.error }),
            {
              type: 'summaryFailed',
              params: ({ context, event }) => ({ noteId: context.noteId!, format: 'bullets' as const, error: event.error }),
            },
          ],
        },
      },
    },
    bullets: {
      on: {
        'recap.format': {
          guard: 'toParagraph',
          target: 'paragraph',
          actions: { type: 'formatChanged', params: ({ context }) => ({ noteId: context.noteId!, format: 'paragraph' as const }) },
        },
        'recap.insert': {
          actions: {
            type: 'insertRecap',
            params: ({ context }) => ({ noteId: context.noteId!, format: 'bullets' as const, text: context.bullets! }),
          },
        },
      },
    },
    failed: {
      on: { 'recap.retry': { target: 'summarizing' } },
    },
  },
});
