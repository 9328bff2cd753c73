import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { tagKey } from '../../../../catalog';
import type { EventLog } from '../../../events/eventLog';
import type { NotesState } from '../../../projections/notesState';
import { checkTagPath } from '../../../projections/organisation/organisationNames';
import { tagSuggestions } from '../../../projections/organisation/tagSuggestions';
import { showStatus } from '../../feedback';
import { nextActive, OptionList, type Option } from './OptionList';

/**
 * A note's tags in the editor header (docs/product.md "Notebooks and tags"): a chip per tag with ✕,
 * and a field that suggests existing tags as one types (ignoring case; WAI-ARIA combobox). Enter adds
 * the suggestion shown active (the first, or "Create “…”" for a new tag), Backspace in the empty
 * field takes the last tag off, Escape closes the suggestions. A bad name says why and adds nothing.
 */
export function TagInput({ log, notes, noteId }: { log: EventLog; notes: NotesState; noteId: string }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [active, setActive] = useState(0);
  const [closed, setClosed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const own = useMemo(() => notes.tagged[noteId] ?? [], [notes.tagged, noteId]);

  const options = useMemo<Option[]>(() => {
    const found: Option[] = tagSuggestions(notes, typed, own).map((s) => ({ key: s.key, label: s.path }));
    const check = checkTagPath(typed);
    if (check.ok && notes.tags[tagKey(check.value)] === undefined)
      found.push({ key: `create:${check.value}`, label: `Create “${check.value}”`, create: true });
    return found;
  }, [notes, typed, own]);
  const open = !closed && typed.trim() !== '' && options.length > 0;

  const add = (path: string) => {
    setTyped('');
    setActive(0);
    setProblem(null);
    if (own.includes(tagKey(path))) return;
    void log.append('note.tagged', { id: noteId, tag: path });
    showStatus('Tag added');
  };
  const remove = (key: string) => {
    void log.append('note.untagged', { id: noteId, tag: notes.tags[key] ?? key });
    showStatus('Tag removed');
  };
  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    add(option.create ? option.key.slice('create:'.length) : notes.tags[option.key]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const moved = open ? nextActive(event.key, active, options.length) : null;
    if (moved !== null) {
      event.preventDefault();
      setActive(moved);
    } else if (event.key === 'ArrowDown' && !open && typed.trim() !== '') {
      event.preventDefault();
      setClosed(false);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (open) return choose(active);
      if (typed.trim() === '') return;
      const check = checkTagPath(typed);
      if (!check.ok) return setProblem(check.problem);
      add(notes.tags[tagKey(check.value)] ?? check.value);
    } else if (event.key === 'Escape' && (open || typed)) {
      event.preventDefault();
      event.stopPropagation();
      if (open) setClosed(true);
      else setTyped('');
    } else if (event.key === 'Backspace' && typed === '' && own.length > 0) {
      event.preventDefault();
      remove(own[own.length - 1]);
    }
  };

  return (
    <div className="note-tags">
      <ul className="note-tag-chips" aria-label="Tags of this note">
        {own.map((key) => (
          <li key={key} className="note-tag-chip">
            <span aria-hidden="true">#</span>
            {notes.tags[key] ?? key}
            <button type="button" className="icon-button" aria-label={`Remove tag ${notes.tags[key] ?? key}`} onClick={() => remove(key)}>
              ✕
            </button>
          </li>
        ))}
      </ul>
      <div className="note-tag-field">
        <input
          role="combobox"
          aria-label="Add a tag"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-activedescendant={open ? `${id}-list-${active}` : undefined}
          aria-invalid={problem !== null}
          aria-describedby={`${id}-problem`}
          placeholder="Add tag…"
          value={typed}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => {
            setTyped(e.target.value);
            setActive(0);
            setClosed(false);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setClosed(true)}
          onFocus={() => setClosed(false)}
        />
        {open && <OptionList id={`${id}-list`} label="Tag suggestions" options={options} active={active} onChoose={choose} />}
        <p id={`${id}-problem`} className="note-tag-problem" role="alert">
          {problem}
        </p>
      </div>
    </div>
  );
}
