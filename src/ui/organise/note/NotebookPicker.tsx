import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import type { EventLog } from '../../../events/eventLog';
import type { NotesState } from '../../../projections/notesState';
import { notebookTree, type OrganisationNode } from '../../../projections/organisation/organisationIndex';
import { notebookPath } from '../../../projections/organisation/notebooks';
import { checkNotebookName } from '../../../projections/organisation/organisationNames';
import { showStatus } from '../../feedback';
import { nextActive, OptionList, type Option } from './OptionList';
import { FolderIcon } from '../organiseIcons';

const NO_NOTEBOOK = '';
const everyNode = (roots: readonly OrganisationNode[]): OrganisationNode[] => roots.flatMap((node) => [node, ...everyNode(node.children)]);

/**
 * The note's notebook in the editor header and the picker that moves it (docs/product.md "Notebooks
 * and tags"): a button naming the notebook ("No notebook" when none) opens a field that finds a
 * notebook as one types, with "No notebook" first and "Create notebook “…”" last (a new top-level
 * notebook); ↓ ↑ move, Enter chooses, Escape closes and gives focus back to the button. Ctrl+Alt+M
 * opens it from anywhere.
 */
export function NotebookPicker({ log, notes, noteId }: { log: EventLog; notes: NotesState; noteId: string }) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [active, setActive] = useState(0);
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null);
  const current = notes.filed[noteId] ?? null;
  const currentPath = current === null ? null : notebookPath(notes, current).join(' / ');

  const options = useMemo<Option[]>(() => {
    if (!open) return [];
    const q = typed.trim().toLowerCase();
    const list: Option[] = [];
    if (!q || 'no notebook'.includes(q)) list.push({ key: NO_NOTEBOOK, label: 'No notebook', current: current === null });
    for (const node of everyNode(notebookTree(notes)))
      if (!q || node.path.toLowerCase().includes(q)) list.push({ key: node.id, label: node.path, current: node.id === current });
    const check = checkNotebookName(notes, typed, null);
    if (q && check.ok) list.push({ key: `create:${check.value}`, label: `Create notebook “${check.value}”`, create: true });
    return list;
  }, [open, typed, notes, current]);

  useLayoutEffect(() => {
    if (!open || !button.current) return;
    const box = button.current.getBoundingClientRect();
    setPlace({ left: Math.max(8, Math.min(box.left, window.innerWidth - 296)), top: box.bottom + 4 });
    // The note's own notebook is the active choice to start from.
    setActive(
      Math.max(
        0,
        options.findIndex((o) => o.current),
      ),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on opening only
  }, [open]);

  // Once placed (a hidden field cannot take focus); a press outside closes it.
  useEffect(() => {
    if (!place) return;
    popup.current?.querySelector('input')?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popup.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    document.addEventListener('pointerdown', onPointer, true);
    return () => document.removeEventListener('pointerdown', onPointer, true);
  }, [place]);

  const close = (refocus: boolean) => {
    setOpen(false);
    setTyped('');
    setPlace(null);
    if (refocus) button.current?.focus();
  };
  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    close(true);
    let notebook: string | null = option.key === NO_NOTEBOOK ? null : option.key;
    if (option.create) {
      notebook = crypto.randomUUID();
      void log.append('notebook.created', { notebook, name: option.key.slice('create:'.length), parent: null });
    }
    if (notebook === current) return;
    void log.append('note.filed', { id: noteId, notebook });
    showStatus(notebook === null ? 'Note taken out of its notebook' : `Moved to ${notebookPath(log.state.notes, notebook).join(' / ')}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const moved = nextActive(event.key, active, options.length);
    if (moved !== null) {
      event.preventDefault();
      setActive(moved);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="notebook-picker"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={`Notebook: ${currentPath ?? 'none'}. Move to another notebook`}
        title={currentPath ?? 'No notebook'}
        data-notebook-picker=""
        // While open, a press keeps focus in the field, so the click closes it instead of a blur closing and the click reopening.
        onMouseDown={(e) => open && e.preventDefault()}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <FolderIcon />
        <span className="notebook-picker-name">{currentPath ?? 'No notebook'}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open &&
        createPortal(
          <div
            ref={popup}
            className="notebook-popup"
            style={place ? { left: place.left, top: place.top } : { left: 0, top: 0, visibility: 'hidden' }}
            onBlur={(e) => {
              if (!popup.current?.contains(e.relatedTarget)) close(false);
            }}
          >
            <input
              role="combobox"
              aria-label="Find a notebook"
              aria-autocomplete="list"
              aria-expanded="true"
              aria-controls={`${id}-list`}
              aria-activedescendant={options.length ? `${id}-list-${active}` : undefined}
              placeholder="Find or create a notebook"
              value={typed}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => {
                setTyped(e.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
            />
            <OptionList id={`${id}-list`} label="Notebooks" options={options} active={active} onChoose={choose} />
          </div>,
          document.body,
        )}
    </>
  );
}
