import { useId, useState } from 'react';
import { tagKey, TAG_SEPARATOR } from '../../../../catalog';
import { useLog } from '../../LogContext';
import { notebookPath } from '../../../projections/organisation/notebooks';
import { checkNotebookName, checkTagPath, tagRenameKind } from '../../../projections/organisation/organisationNames';
import type { ManageTarget } from '../manageRequest';
import { organise } from './organiseCommands';
import { openAbove } from './openAbove';
import { DialogFrame, FieldProblem } from './DialogFrame';

/** What the dialog names: a new notebook or tag under `parent` (null: top level), or an existing one. */
export type NameDialogMode = { kind: 'create'; what: 'notebook' | 'tag'; parent: string | null } | { kind: 'rename'; target: ManageTarget };

/**
 * Naming a notebook or a tag (docs/product.md "Notebooks and tags"): *New notebook*, *New tag*
 * (a path: `project/alpha` nests), *Rename*. A bad name shows why under the field and changes
 * nothing; renaming a tag onto an existing one asks first, then merges the two.
 */
export function NameDialog({ mode, onClose }: { mode: NameDialogMode; onClose(): void }) {
  const log = useLog();
  const notes = log.state.notes;
  const fieldId = useId();
  const isTag = mode.kind === 'create' ? mode.what === 'tag' : mode.target.kind === 'tag';
  const current =
    mode.kind === 'rename' ? (mode.target.kind === 'notebook' ? notes.notebooks[mode.target.id]?.name : notes.tags[mode.target.key]) : '';
  const [value, setValue] = useState(current ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [merge, setMerge] = useState<{ from: string; to: string; into: string } | null>(null);

  const parentName =
    mode.kind === 'create' && mode.parent !== null
      ? mode.what === 'notebook'
        ? notebookPath(notes, mode.parent).join(' / ')
        : notes.tags[mode.parent]
      : null;
  const title =
    mode.kind === 'create'
      ? `New ${mode.what}${parentName ? ` in “${parentName}”` : ''}`
      : `Rename ${isTag ? 'tag' : 'notebook'} “${current ?? ''}”`;

  const done = (work: Promise<void>) => {
    onClose();
    void work;
  };

  const submit = () => {
    const now = log.state.notes;
    if (merge)
      return done(
        organise(log, { type: 'tag.renamed', payload: { tag: merge.from, to: merge.to } }, (t) => t.tagsMerged(merge.from, merge.into)),
      );
    if (!isTag) {
      const parent = mode.kind === 'create' ? mode.parent : (now.notebooks[(mode.target as { id: string }).id]?.parent ?? null);
      const id = mode.kind === 'rename' ? (mode.target as { id: string }).id : undefined;
      const check = checkNotebookName(now, value, parent, id);
      if (!check.ok) return setProblem(check.problem);
      if (id === undefined) {
        const made = crypto.randomUUID();
        const under = parent === null ? null : notebookPath(now, parent).join(' / ');
        openAbove(now, { kind: 'notebook', id: made }, parent);
        return done(
          organise(log, { type: 'notebook.created', payload: { notebook: made, name: check.value, parent } }, (t) =>
            t.notebookCreated(check.value, under),
          ),
        );
      }
      if (check.value === now.notebooks[id]?.name) return onClose();
      const from = now.notebooks[id].name;
      return done(
        organise(log, { type: 'notebook.renamed', payload: { notebook: id, name: check.value } }, (t) =>
          t.notebookRenamed(from, check.value),
        ),
      );
    }
    const check = checkTagPath(value);
    if (!check.ok) return setProblem(check.problem);
    if (mode.kind === 'create') {
      const path = mode.parent === null ? check.value : `${now.tags[mode.parent] ?? mode.parent}${TAG_SEPARATOR}${check.value}`;
      if (now.tags[tagKey(path)] !== undefined) return setProblem(`A tag “${now.tags[tagKey(path)]}” already exists.`);
      openAbove(now, { kind: 'tag', key: tagKey(path) }, null);
      return done(organise(log, { type: 'tag.created', payload: { tag: path } }, (t) => t.tagCreated(path)));
    }
    const key = (mode.target as { key: string }).key;
    const from = now.tags[key];
    const rename = tagRenameKind(now, key, check.value);
    if (rename.kind === 'same') return onClose();
    if (rename.kind === 'refused') return setProblem(rename.problem);
    if (rename.kind === 'merge') return setMerge({ from, to: check.value, into: rename.into });
    return done(organise(log, { type: 'tag.renamed', payload: { tag: from, to: check.value } }, (t) => t.tagRenamed(from, check.value)));
  };

  if (merge)
    return (
      <DialogFrame title={`Merge “${merge.from}” into “${merge.into}”?`} action="Merge" onSubmit={submit} onClose={onClose}>
        <p>
          A tag “{merge.into}” already exists. Its notes and the notes tagged “{merge.from}” will all carry “{merge.into}”, and “
          {merge.from}” will be gone. No note is deleted.
        </p>
      </DialogFrame>
    );

  return (
    <DialogFrame title={title} action={mode.kind === 'create' ? 'Create' : 'Rename'} onSubmit={submit} onClose={onClose}>
      <label className="organise-field">
        <span>Name</span>
        <input
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setProblem(null);
          }}
          onFocus={(e) => e.target.select()}
          aria-invalid={problem !== null}
          aria-describedby={`${fieldId}-problem${isTag ? ` ${fieldId}-hint` : ''}`}
          autoComplete="off"
          spellCheck={false}
        />
      </label>
      {isTag && (
        <p id={`${fieldId}-hint`} className="organise-hint">
          {mode.kind === 'rename'
            ? 'Change the path to move it: project/alpha sits under project.'
            : 'Use / to nest: project/alpha sits under project.'}
        </p>
      )}
      <FieldProblem id={`${fieldId}-problem`} problem={problem} />
    </DialogFrame>
  );
}
