import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { recapMachine } from '../../machines/recap';
import { resourcesMachine } from '../../machines/resources';
import { appFunctionsClient } from '../../services/appFunctions';
import type { FunctionsClient } from '../../services/functionsClient';
import type { NoteEditor } from '../editor/schema';
import { useLog, useProjection } from '../LogContext';
import { inspect } from '../inspection';
import { failureText, record } from './aiEffects';
import { isOfflineError } from '../../services/functionsError';
import { AI_TEXT, aiToasts } from '../feedback';
import { wholeNoteText, recapBlocks, summarySource } from './helperText';
import { RecapPanel } from './RecapPanel';
import { ResourcesPanel } from './ResourcesPanel';
import './ai.css';

/** What the editor toolbar needs from the AI helpers (docs/product.md "Side panels", "AI helpers", "Validation rules"). */
export interface AiHelpers {
  /** Summarize the selection or the whole note and open the Note Recap panel. */
  summarize(): void;
  /** Find resources for the note and open the AI-Suggested Resources panel. */
  findResources(): void;
  /** A request is under way (the buttons show a spinner). */
  busy: { summary: boolean; resources: boolean };
  /** The side panels to render beside the editor (null when none is open). */
  panels: ReactNode;
}

/**
 * The AI helpers for the note shown in `editor`: Summarize and Find
 * resources with the checks of docs/product.md "Validation rules" and the texts of "Messages", driven by the recap and resources
 * machines, each request and outcome appended as an event. Switching notes closes the panels.
 * `client` defaults to the app's functions client.
 */
export function useAiHelpers(editor: NoteEditor, noteId: string, client: FunctionsClient = appFunctionsClient()): AiHelpers {
  const log = useLog();
  const title = useProjection((s) => s.notes.meta[noteId]?.title ?? '');
  const latest = useRef({ editor, noteId, title, client });
  latest.current = { editor, noteId, title, client };

  const recapLogic = useMemo(
    () =>
      recapMachine.provide({
        actors: {
          summarize: fromPromise(({ input }: { input: { text: string; format?: 'bullets' } }) =>
            latest.current.client.summarize(input.text, input.format),
          ),
        },
        actions: {
          summaryRequested: (_, { noteId: id, format, scope }) => record(log, 'summary.requested', { id, format, scope }),
          summaryReceived: (_, { noteId: id, format, summary }) => record(log, 'summary.received', { id, format, summary }),
          summaryFailed: (_, { noteId: id, format, error }) => {
            record(log, 'summary.failed', { id, format, error: failureText(error) });
            aiToasts.summaryFailed(format, error);
          },
          formatChanged: (_, { noteId: id, format }) => {
            record(log, 'recap.format-changed', { id, format });
            aiToasts.success(AI_TEXT.formatChanged);
          },
          insertRecap: (_, { noteId: id, format, text }) => {
            const { editor: current, noteId: shown } = latest.current;
            if (id !== shown) return; // The panel belongs to another note: never write into this one.
            const first = current.document[0];
            if (first) current.insertBlocks(recapBlocks(text, format), first, 'before');
            else current.replaceBlocks(current.document, recapBlocks(text, format));
            record(log, 'recap.inserted', { id });
            aiToasts.success(AI_TEXT.recapInserted);
          },
        },
      }),
    [log],
  );
  const resourcesLogic = useMemo(
    () =>
      resourcesMachine.provide({
        actors: {
          findResources: fromPromise(({ input }: { input: { text: string } }) => latest.current.client.findResources(input.text)),
        },
        actions: {
          resourcesRequested: (_, { noteId: id }) => record(log, 'resources.requested', { id }),
          resourcesReceived: (_, { noteId: id, count }) => record(log, 'resources.received', { id, count }),
          resourcesFailed: (_, { noteId: id, error }) => {
            record(log, 'resources.failed', { id, error: failureText(error) });
            aiToasts.resourcesFailed(error);
          },
        },
      }),
    [log],
  );
  const recap = useActorRef(recapLogic, { inspect });
  const resources = useActorRef(resourcesLogic, { inspect });
  const recapSnapshot = useSelector(recap, (s) => s);
  const resourcesSnapshot = useSelector(resources, (s) => s);

  // A recap or resource list belongs to the note it was asked for: close both on a note switch.
  useEffect(() => {
    recap.send({ type: 'recap.close' });
    resources.send({ type: 'resources.close' });
  }, [noteId, recap, resources]);

  const summarize = () => {
    const source = summarySource(latest.current.editor);
    if (!source.text) return aiToasts.notice(AI_TEXT.noContent, AI_TEXT.noTextToSummarize, 'ai-no-content');
    if (source.caretOnly) aiToasts.notice(AI_TEXT.noTextSelected, AI_TEXT.summarizingAll, 'ai-no-selection');
    recap.send({ type: 'recap.summarize', noteId: latest.current.noteId, title: latest.current.title, ...source });
  };

  const findResources = () => {
    const text = wholeNoteText(latest.current.editor);
    if (!text) return aiToasts.notice(AI_TEXT.noContent, AI_TEXT.noContentForResources, 'ai-no-content');
    resources.send({ type: 'resources.find', noteId: latest.current.noteId, text });
  };

  const closePanel = (panel: 'recap' | 'resources') => {
    record(log, 'ai.panel-closed', { id: latest.current.noteId, panel });
    if (panel === 'recap') recap.send({ type: 'recap.close' });
    else resources.send({ type: 'resources.close' });
    // The close button goes away with its panel: give focus back to the note rather than to the page.
    latest.current.editor.focus();
  };

  const recapState = recapSnapshot.value;
  const resourcesState = resourcesSnapshot.value;
  const panels =
    recapState === 'idle' && resourcesState === 'idle' ? null : (
      <div className="ai-panel-stack">
        {recapState !== 'idle' && (
          <RecapPanel
            view={{
              state: recapState,
              title: recapSnapshot.context.title,
              paragraph: recapSnapshot.context.paragraph,
              bullets: recapSnapshot.context.bullets,
              offline: recapState === 'failed' && isOfflineError(recapSnapshot.context.error),
            }}
            onFormat={(format) => recap.send({ type: 'recap.format', format })}
            onInsert={() => recap.send({ type: 'recap.insert' })}
            onRetry={() => recap.send({ type: 'recap.retry' })}
            onClose={() => closePanel('recap')}
          />
        )}
        {resourcesState !== 'idle' && (
          <ResourcesPanel
            view={{
              state: resourcesState,
              resources: resourcesSnapshot.context.resources,
              offline: resourcesState === 'failed' && isOfflineError(resourcesSnapshot.context.error),
            }}
            onRetry={() => resources.send({ type: 'resources.retry' })}
            onClose={() => closePanel('resources')}
          />
        )}
      </div>
    );

  return {
    summarize,
    findResources,
    busy: { summary: recapState === 'summarizing' || recapState === 'converting', resources: resourcesState === 'finding' },
    panels,
  };
}
