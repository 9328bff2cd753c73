import { assign, fromPromise, setup } from 'xstate';

/** One suggested link (docs/product.md "Entities and storage keys"), as the functions client answers it. */
export interface Resource {
  title: string;
  url: string;
  description: string;
}

/** What the resources machine holds: the note, the text sent, the resources found, the last failure. */
export interface ResourcesContext {
  noteId: string | null;
  /** The note text sent (kept for Retry). */
  text: string;
  resources: Resource[];
  /** The last request's failure (what the findResources actor rejected with), or null. */
  error: unknown;
}

/** Events the resources machine accepts from the panel and the toolbar. */
export type ResourcesEvent =
  { type: 'resources.find'; noteId: string; text: string } | { type: 'resources.retry' } | { type: 'resources.close' };

/**
 * The AI-Suggested Resources panel (docs/product.md "Side panels", "AI helpers", "Messages"):
 * idle -> finding -> shown | failed; Retry in `failed` asks again; a new find restarts.
 * Effects are named: the `findResources` actor and the event/toast actions the UI provides.
 */
export const resourcesMachine = setup({
  types: {
    context: {} as ResourcesContext,
    events: {} as ResourcesEvent,
  },
  actors: {
    /** Provided by the UI: the find-resources function; rejects on an invalid answer. */
    findResources: fromPromise<Resource[], { text: string }>(async () => {
      throw new Error('findResources is not provided');
    }),
  },
  actions: {
    /** Append resources.requested. */
    resourcesRequested: (_, _params: { noteId: string }) => {},
    /** Append resources.received. */
    resourcesReceived: (_, _params: { noteId: string; count: number }) => {},
    /** Append resources.failed and show "Failed to find resources. Please try again." (or the offline message). */
    resourcesFailed: (_, _params: { noteId: string; error: unknown }) => {},
  },
}).createMachine({
  id: 'resources',
  context: { noteId: null, text: '', resources: [], error: null },
  initial: 'idle',
  on: {
    'resources.find': {
      target: '.finding',
      actions: assign(({ event }) => ({ noteId: event.noteId, text: event.text, resources: [], error: null })),
    },
    'resources.close': { target: '.idle' },
  },
  states: {
    idle: {},
    finding: {
      entry: { type: 'resourcesRequested', params: ({ context }) => ({ noteId: context.noteId! }) },
      invoke: {
        src: 'findResources',
        input: ({ context }) => ({ text: context.text }),
        onDone: {
          target: 'shown',
          actions: [
            assign({ resources: ({ event }) => event.output }),
            { type: 'resourcesReceived', params: ({ context, event }) => ({ noteId: context.noteId!, count: event.output.length }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => event.error }),
            { type: 'resourcesFailed', params: ({ context, event }) => ({ noteId: context.noteId!, error: event.error }) },
          ],
        },
      },
    },
    shown: {},
    failed: {
      on: { 'resources.retry': { target: 'finding' } },
    },
  },
});
