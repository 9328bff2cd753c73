import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { listenWith, recordingMachine } from '../../machines/recording';
import type { SpeechService } from '../../machines/recording';
import { browserSpeech } from '../../services/speech';
import { useLog } from '../LogContext';
import { inspect } from '../inspection';
import type { NoteEditor } from './schema';

/**
 * Voice dictation for the shown note (docs/product.md "Toolbar"): the recording machine with
 * the browser's speech service; recognised text goes in at the cursor followed by a space.
 * Switching notes stops it. Returns whether it is listening and the toggle.
 */
export function useRecording(editor: NoteEditor, noteId: string, speech?: SpeechService): { recording: boolean; toggle(): void } {
  const log = useLog();
  const service = useMemo(() => speech ?? browserSpeech(), [speech]);
  const actor = useActorRef(
    recordingMachine.provide({
      actors: { listen: listenWith(service) },
      actions: {
        insertText: (_, { text }) => editor.insertInlineContent(`${text} `, { updateSelection: true }),
        notifyStarted: (_, { noteId: id }) => void log.append('recording.started', { id }),
        notifyStopped: (_, { noteId: id, reason }) => void log.append('recording.stopped', { id, reason }),
        // docs/product.md "States and transitions", "Messages": unsupported and recognition errors are logged only.
        reportUnsupported: () => console.error('NotePad: speech recognition is not supported in this browser'),
        reportError: (_, { error }) => console.error(`NotePad: speech recognition error: ${error}`),
      },
      guards: { speechSupported: () => service.isSupported() },
    }),
    { inspect },
  );
  const recording = useSelector(actor, (s) => s.matches('listening'));
  useEffect(() => () => actor.send({ type: 'recording.stop', reason: 'note-switch' }), [actor, noteId]);
  return { recording, toggle: () => actor.send({ type: 'recording.toggle', noteId }) };
}
