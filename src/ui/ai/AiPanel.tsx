import { useId, type ReactNode } from 'react';
import { AI_TEXT } from '../feedback';

/**
 * The frame of one AI side panel (docs/product.md "Side panels"): a labelled region with its title,
 * a close button named "Close {title}" (Escape inside the panel does the same), and a body
 * announced politely; `busy` marks it while a request runs.
 */
export function AiPanel({
  title,
  className,
  busy,
  onClose,
  children,
}: {
  title: string;
  className: string;
  busy: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    // Escape from anywhere inside the panel closes it; the keys come from its buttons and links.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      className={`ai-panel ${className}`}
      aria-labelledby={headingId}
      aria-busy={busy}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.defaultPrevented) {
          e.preventDefault();
          onClose();
        }
      }}
    >
      <header className="ai-panel-header">
        <h3 id={headingId} className="ai-panel-title">
          {title}
        </h3>
        <button type="button" className="icon-button ai-panel-close" aria-label={`Close ${title}`} title="Close" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div className="ai-panel-body" aria-live="polite">
        {children}
      </div>
    </section>
  );
}

/** The loading line of a panel: a spinner and what is being done. */
export function AiLoading({ label }: { label: string }) {
  return (
    <p className="ai-loading">
      <span className="ai-spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

/** A failure line with a Retry button; `offline` shows the offline text instead of `message`. */
export function AiFailure({ message, offline, onRetry }: { message: string; offline: boolean; onRetry: () => void }) {
  return (
    <div className="ai-failure">
      {offline ? (
        <p>
          <strong>{AI_TEXT.offlineTitle}.</strong> {AI_TEXT.offlineDescription}
        </p>
      ) : (
        <p>{message}</p>
      )}
      <button type="button" onClick={onRetry}>
        {AI_TEXT.retry}
      </button>
    </div>
  );
}
