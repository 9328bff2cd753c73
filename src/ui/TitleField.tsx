import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { isNewTitle, titleEditorMachine } from '../machines/titleEditor';
import { inspect } from './inspection';

/**
 * A title being typed that one field hands to the next field showing the same title (a new note's:
 * its header shown at once, then the editor's, see NewNoteHeader): the text and the selection as the
 * field holding it left them, which field holds it, and whether editing has ended. Mutable: each
 * field writes it as keys arrive, so the next one starts exactly where the last one stopped.
 */
export interface TitleDraft {
  text: string;
  /** Selection start and end in `text`; null: the whole text is selected, as a new field selects it. */
  selection: [number, number] | null;
  /** The field holding it now (an identity); a field that handed it on does not save it when it goes away. */
  holder: object | null;
  /** Saved or cancelled: a later field shows the title, not the field. */
  done: boolean;
}

/**
 * A note title shown as text; double-click (or `startEditing`) turns it into the "Note title"
 * field. Enter or blur saves, Escape restores (docs/product.md "States and transitions"), driven by the titleEditor machine.
 * The machine's actor lives only while the title is edited: the sidebar mounts a row per visible
 * note on every search keystroke, and an actor per row cost more than the search itself.
 * `startEditing` when it mounts shows the field in the first frame; `draft` carries a title being
 * typed from the field that showed it before (TitleDraft).
 */
export function TitleField(props: {
  title: string;
  onSave: (title: string) => void;
  startEditing?: boolean;
  onEditingDone?: () => void;
  className?: string;
  /** How the title looks when not editing; `edit` switches to the field. Default: a span. */
  viewAs?: (title: string, edit: () => void) => ReactNode;
  draft?: TitleDraft;
}) {
  const { title, onSave, startEditing, onEditingDone, className, viewAs, draft } = props;
  const [editing, setEditing] = useState(() => startEditing === true);
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

  if (editing) return <TitleInput title={title} onSave={onSave} className={className} onDone={() => setEditing(false)} draft={draft} />;
  if (viewAs) return <>{viewAs(title, edit)}</>;
  return (
    <span className={className} title="Double-click to rename" onDoubleClick={edit}>
      {title}
    </span>
  );
}

/**
 * The "Note title" field: the titleEditor actor starts already in edit mode (restored from a
 * snapshot, not sent `title.edit` from an effect), and runs from the commit that shows the field:
 * @xstate/react starts it and subscribes to it after paint, and a key typed before that would be
 * dropped in `viewing`, or undone (React puts a controlled input back to the value it rendered
 * when the change re-renders nothing). So the field shows its own `text`, set with each change, and
 * the machine decides; `onDone` once it is back to viewing. Unmounted while editing, it saves a new
 * title as a blur would, unless it handed its `draft` to the field that took its place (in the same
 * commit, so no key falls between the two).
 */
function TitleInput(props: { title: string; onSave: (title: string) => void; onDone: () => void; className?: string; draft?: TitleDraft }) {
  const { title, onSave, onDone, className, draft } = props;
  const onSaveRef = useRef(onSave);
  onSaveRef.current = onSave;
  const [me] = useState(() => ({}));
  const [machine] = useState(() => titleEditorMachine.provide({ actions: { saveTitle: (_, params) => onSaveRef.current(params.title) } }));
  const [editingSnapshot] = useState(() => machine.resolveState({ value: 'editing', context: { title, draft: draft?.text ?? title } }));
  const [snapshot, send, actor] = useMachine(machine, { input: { title }, snapshot: editingSnapshot, inspect });
  const [text, setText] = useState(() => draft?.text ?? title);
  const inputRef = useRef<HTMLInputElement>(null);
  /** The element as mounted: refs are cleared before the unmount effect runs, and it says whether the field really left the page. */
  const mounted = useRef<HTMLInputElement | null>(null);
  const editing = snapshot.matches('editing');
  const wasEditing = useRef(false);

  // The field going away while edited (the note changed under it, the pane rendered anew) saves what was
  // typed, as a blur does: the actor's own snapshot, so a commit it already made is not made twice. Not
  // when another field holds the draft now, nor while the element is still on the page (React's
  // development double run of effects).
  useEffect(
    () => () => {
      if (mounted.current?.isConnected || (draft && draft.holder !== me)) return;
      const last = actor.getSnapshot();
      if (!last.matches('editing')) return;
      if (draft) draft.done = true;
      if (isNewTitle(last.context)) onSaveRef.current(last.context.draft.trim());
    },
    [actor, draft, me],
  );

  useEffect(() => send({ type: 'title.external-update', title }), [title, send]);
  // Running before the next key is handled (@xstate/react's own start, after paint, then does nothing).
  useLayoutEffect(() => void actor.start(), [actor]);
  // The draft is done in the transition that ends editing, not in the commit after it: a save can show the
  // next field in the very commit that would have closed this one (the note created as Enter is pressed),
  // and that field must show the title, not open on it again.
  useLayoutEffect(() => {
    const ended = actor.subscribe((next) => {
      if (draft && draft.holder === me && !next.matches('editing')) draft.done = true;
    });
    return () => ended.unsubscribe();
  }, [actor, draft, me]);
  // A layout effect: focus and selection are in place before the next key is handled.
  useLayoutEffect(() => {
    const input = inputRef.current;
    mounted.current = input;
    if (editing) {
      wasEditing.current = true;
      if (draft) {
        draft.holder = me;
        // A key that reached the field before this one, after this one's render, is in the draft.
        if (draft.text !== actor.getSnapshot().context.draft) {
          setText(draft.text);
          send({ type: 'title.change', value: draft.text });
        }
      }
      input?.focus();
      if (draft?.selection) input?.setSelectionRange(...draft.selection);
      else input?.select();
    } else if (wasEditing.current) {
      if (draft) draft.done = true;
      onDone();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing]);

  /** Keep the draft as this field leaves it, for a field that takes its place. */
  const keep = (input: HTMLInputElement) => {
    if (!draft) return;
    draft.text = input.value;
    draft.selection = [input.selectionStart ?? input.value.length, input.selectionEnd ?? input.value.length];
  };

  return (
    <input
      ref={inputRef}
      className={`title-input ${className ?? ''}`}
      aria-label="Note title"
      value={text}
      onChange={(e) => {
        keep(e.target);
        setText(e.target.value);
        send({ type: 'title.change', value: e.target.value });
      }}
      onSelect={(e) => keep(e.currentTarget)}
      onBlur={() => send({ type: 'title.commit' })}
      onKeyDown={(e) => {
        if (e.key === 'Enter') send({ type: 'title.commit' });
        else if (e.key === 'Escape') send({ type: 'title.cancel' });
      }}
    />
  );
}
