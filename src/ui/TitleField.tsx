import { useEffect, useRef, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { titleEditorMachine } from '../machines/titleEditor';
import { inspect } from './inspection';

/**
 * A note title shown as text; double-click (or `startEditing`) turns it into the "Note title"
 * field. Enter or blur saves, Escape restores (SPEC.md §4), driven by the titleEditor machine.
 */
export function TitleField(props: {
  title: string;
  onSave: (title: string) => void;
  startEditing?: boolean;
  onEditingDone?: () => void;
  className?: string;
  /** How the title looks when not editing; `edit` switches to the field. Default: a span. */
  viewAs?: (title: string, edit: () => void) => ReactNode;
}) {
  const { title, onSave, startEditing, onEditingDone, className, viewAs } = props;
  const onSaveRef = useRef(onSave);
  onSaveRef.current = onSave;
  const [snapshot, send] = useMachine(
    titleEditorMachine.provide({ actions: { saveTitle: (_, params) => onSaveRef.current(params.title) } }),
    { input: { title }, inspect },
  );
  const inputRef = useRef<HTMLInputElement>(null);
  const editing = snapshot.matches('editing');

  useEffect(() => send({ type: 'title.external-update', title }), [title, send]);
  useEffect(() => {
    if (startEditing) send({ type: 'title.edit' });
  }, [startEditing, send]);
  useEffect(() => {
    if (!editing) return;
    inputRef.current?.focus();
    inputRef.current?.select();
    return () => onEditingDone?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing]);

  if (!editing) {
    if (viewAs) return <>{viewAs(title, () => send({ type: 'title.edit' }))}</>;
    return (
      <span className={className} title="Double-click to rename" onDoubleClick={() => send({ type: 'title.edit' })}>
        {title}
      </span>
    );
  }
  return (
    <input
      ref={inputRef}
      className={`title-input ${className ?? ''}`}
      aria-label="Note title"
      value={snapshot.context.draft}
      onChange={(e) => send({ type: 'title.change', value: e.target.value })}
      onBlur={() => send({ type: 'title.commit' })}
      onKeyDown={(e) => {
        if (e.key === 'Enter') send({ type: 'title.commit' });
        else if (e.key === 'Escape') send({ type: 'title.cancel' });
      }}
    />
  );
}
