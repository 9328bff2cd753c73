import { useRef } from 'react';
import type { Actor } from 'xstate';
import { fromPromise } from 'xstate';
import { useActorRef } from '@xstate/react';
import type { EventLog } from '../../events/eventLog';
import { autosaveMachine } from '../../machines/autosave';
import { inspect } from '../inspection';
import { announceSaveFailed, showStatus } from '../feedback';
import type { CapturedBody } from './noteDocument';
import { noShownNote, saveShownNote, shownNoteHasImage, type ShownNote } from './noteSave';

/** The autosave of one editor and the note it shows (`useNoteSave`). */
export interface NoteSave {
  /** The running autosave machine: the editor sends it input, blur and flush. */
  autosave: Actor<typeof autosaveMachine>;
  /** The note shown, which the editor updates as it shows notes and the saves read and advance. */
  shown: ShownNote;
}

/**
 * The autosave of an editor on `log` (docs/product.md "States and transitions"): saves capture the
 * body with `capture` and append it (`saveShownNote`); "Note saved!" after a save, the save-failure
 * toast after a failed one. A save that is not a flush first waits for `ready` (the capture's work done
 * in tasks of its own). `capture` and `ready` are read at each save, so they may change.
 */
export function useNoteSave(log: EventLog, capture: () => CapturedBody, ready?: () => Promise<void>): NoteSave {
  const shown = useRef<ShownNote>(noShownNote()).current;
  const captureRef = useRef(capture);
  captureRef.current = capture;
  const readyRef = useRef(ready);
  readyRef.current = ready;
  const autosave = useActorRef(
    autosaveMachine.provide({
      actors: {
        saveNote: fromPromise(({ input, signal }) =>
          saveShownNote(log, shown, input.noteId, () => captureRef.current(), input.urgent ? undefined : readyRef.current?.(), signal),
        ),
      },
      actions: {
        hurrySave: () => {
          shown.hurry?.();
          void shown.unappended?.();
        },
        notifySaved: () => showStatus('Note saved!'),
        notifyFailed: (_, { error }) => announceSaveFailed(log.status$.value.writeError ?? error, shownNoteHasImage(log.state, shown)),
      },
    }),
    { inspect },
  );
  return { autosave, shown };
}
