import { assign, setup } from 'xstate';

/**
 * Title editing (docs/product.md "States and transitions", "Validation rules"): viewing -> editing on double-click
 * or for a new note; Enter or blur commits, Escape cancels and restores the previous title.
 * A commit saves only when the trimmed draft is non-empty and differs from the current title;
 * otherwise edit mode just closes. The save itself is the `saveTitle` action the UI provides.
 */
/** Whether committing `context.draft` saves it: trimmed, non-empty and not the current title (docs/product.md "Validation rules"). */
export function isNewTitle(context: { title: string; draft: string }): boolean {
  return context.draft.trim() !== '' && context.draft.trim() !== context.title;
}

export const titleEditorMachine = setup({
  types: {
    context: {} as { title: string; draft: string },
    input: {} as { title: string },
    events: {} as
      | { type: 'title.edit' }
      | { type: 'title.change'; value: string }
      | { type: 'title.commit' }
      | { type: 'title.cancel' }
      | { type: 'title.external-update'; title: string },
  },
  actions: {
    /** Provided by the UI: append note.renamed with the trimmed title. */
    saveTitle: (_, _params: { title: string }) => {},
  },
  guards: {
    draftIsNewTitle: ({ context }) => isNewTitle(context),
  },
}).createMachine({
  id: 'titleEditor',
  context: ({ input }) => ({ title: input.title, draft: input.title }),
  initial: 'viewing',
  on: {
    'title.external-update': { actions: assign({ title: ({ event }) => event.title }) },
  },
  states: {
    viewing: {
      on: { 'title.edit': { target: 'editing', actions: assign({ draft: ({ context }) => context.title }) } },
    },
    editing: {
      on: {
        'title.change': { actions: assign({ draft: ({ event }) => event.value }) },
        'title.commit': [
          {
            guard: 'draftIsNewTitle',
            target: 'viewing',
            actions: [
              { type: 'saveTitle', params: ({ context }) => ({ title: context.draft.trim() }) },
              assign({ title: ({ context }) => context.draft.trim() }),
            ],
          },
          { target: 'viewing' },
        ],
        'title.cancel': { target: 'viewing', actions: assign({ draft: ({ context }) => context.title }) },
      },
    },
  },
});
