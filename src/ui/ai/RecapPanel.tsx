import type { RecapFormat } from '../../../catalog';
import { AiFailure, AiLoading, AiPanel } from './AiPanel';
import { bulletLines, paragraphs } from './helperText';
import { AI_TEXT } from '../feedback';

/** What the Note Recap panel shows; `state` is the recap machine's state value. */
export interface RecapView {
  state: 'summarizing' | 'paragraph' | 'converting' | 'bullets' | 'failed';
  title: string;
  paragraph: string | null;
  bullets: string | null;
  offline: boolean;
}

/**
 * The Note Recap panel (docs/product.md "Side panels", "AI helpers"): the note title, the summary
 * as a paragraph or as bullets with a format toggle, "Insert recap", Retry after a failure.
 */
export function RecapPanel({
  view,
  onFormat,
  onInsert,
  onRetry,
  onClose,
}: {
  view: RecapView;
  onFormat: (format: RecapFormat) => void;
  onInsert: () => void;
  onRetry: () => void;
  onClose: () => void;
}) {
  const { state } = view;
  const format: RecapFormat = state === 'bullets' ? 'bullets' : 'paragraph';
  const ready = state === 'paragraph' || state === 'bullets';
  return (
    <AiPanel title={AI_TEXT.recapTitle} className="recap-panel" busy={state === 'summarizing' || state === 'converting'} onClose={onClose}>
      <p className="recap-note-title">{view.title}</p>
      <div className="recap-format" role="group" aria-label="Recap format">
        {(['paragraph', 'bullets'] as const).map((f) => (
          <button key={f} type="button" aria-pressed={format === f} disabled={!ready} onClick={() => onFormat(f)}>
            {f === 'paragraph' ? 'Paragraph' : 'Bullets'}
          </button>
        ))}
      </div>
      {state === 'summarizing' && <AiLoading label={AI_TEXT.summarizing} />}
      {state === 'failed' && <AiFailure message={AI_TEXT.summaryFailed} offline={view.offline} onRetry={onRetry} />}
      {(state === 'paragraph' || state === 'converting') && view.paragraph !== null && (
        <div className="recap-text">
          {paragraphs(view.paragraph).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
      )}
      {state === 'converting' && <AiLoading label={AI_TEXT.converting} />}
      {state === 'bullets' && view.bullets !== null && (
        <ul className="recap-text recap-bullets">
          {bulletLines(view.bullets).map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
      {ready && (
        <div className="ai-panel-actions">
          <button type="button" className="primary" onClick={onInsert}>
            {AI_TEXT.insertRecap}
          </button>
        </div>
      )}
    </AiPanel>
  );
}
