import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { isNewTitle, titleEditorMachine } from '../machines/titleEditor';
import { inspect } from './inspection';

/**
 * A note title shown as text; double-click (or `startEditing`) turns it into the "Note title"
 * field. Enter or blur saves, Escape restores (docs/product.md "States and transitions"), driven by the titleEditor machine.
 * The machine's actor lives only while the title is edited: the sidebar mounts a row per visible
 * note on every search keystroke, and an actor per row cost more than the search itself.
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
  const [editing, setEditing] = useState(false);
  const edit = () => setEditing(true);
  const onEditingDoneRef = useRef(onEditingDone);
  onEditingDoneRef.current = onEditingDone;
  useEffect(() => {
    if (startEditing) setEditing(true);
  }, [startEditing]);
  // Editing ends by commit or cancel, or by the field going away (another note selected).
  useEffect(() => {
    if (editing) return () => onEditingDoneRef.current?.();
  }, [editing]);

  if (editing) return <TitleInput title={title} onSave={onSave} className={className} onDone={() => setEditing(false)} />;
  if (viewAs) return <>{viewAs(title, edit)}</>;
  return (
    <span className={className} title="Double-click to rename" onDoubleClick={edit}>
      {title}
    </span>
  );
}

/**
 * The "Note title" field: the titleEditor actor starts already in edit mode (restored from a
 * snapshot, not sent `title.edit` from an effect), because @xstate/react starts the actor after
 * paint and keys typed before that would be dropped in `viewing`; `onDone` once it is back to viewing.
 * Unmounted while editing, it saves a new title as a blur would.
 */
function TitleInput(props: { title: string; onSave: (title: string) => void; onDone: () => void; className?: string }) {
  const { title, onSave, onDone, className } = props;
  const onSaveRef = useRef(onSave);
  onSaveRef.current = onSave;
  const [machine] = useState(() => titleEditorMachine.provide({ actions: { saveTitle: (_, params) => onSaveRef.current(params.title) } }));
  const [editingSnapshot] = useState(() => machine.resolveState({ value: 'editing', context: { title, draft: title } }));
  const [snapshot, send, actor] = useMachine(machine, { input: { title }, snapshot: editingSnapshot, inspect });
  const inputRef = useRef<HTMLInputElement>(null);
  const editing = snapshot.matches('editing');
  const wasEditing = useRef(false);

  // The field going away while edited (the note changed under it, the pane rendered anew) saves what was
  // typed, as a blur does: the actor's own snapshot, so a commit it already made is not made twice.
  useEffect(
    () => () => {
      const last = actor.getSnapshot();
      if (last.matches('editing') && isNewTitle(last.context)) onSaveRef.current(last.context.draft.trim());
    },
    [actor],
  );

  useEffect(() => send({ type: 'title.external-update', title }), [title, send]);
  // A layout effect: focus and selection are in place before the next key is handled.
  useLayoutEffect(() => {
    if (editing) {
      wasEditing.current = true;
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (wasEditing.current) {
      onDone();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing]);

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
