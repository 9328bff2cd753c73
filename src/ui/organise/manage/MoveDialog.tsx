import { useId, useState } from 'react';
import { isTagWithin, tagKey, TAG_SEPARATOR } from '../../../../catalog';
import { useLog } from '../../LogContext';
import type { OrganisationNode } from '../../../projections/organisation/organisationIndex';
import { notebookTree, tagTree } from '../../../projections/organisation/organisationIndex';
import { isWithinNotebook, notebookPath } from '../../../projections/organisation/notebooks';
import { checkNotebookMove, tagRenameKind } from '../../../projections/organisation/organisationNames';
import type { ManageTarget } from '../manageRequest';
import { organise } from './organiseCommands';
import { openAbove } from './openAbove';
import { DialogFrame, FieldProblem } from './DialogFrame';

/** Every node of a tree in order, parents first. */
const everyNode = (roots: readonly OrganisationNode[]): OrganisationNode[] => roots.flatMap((node) => [node, ...everyNode(node.children)]);

/** The value of the "top level" choice (ids and keys are never empty). */
const TOP = '';

/**
 * *Move to…* of a notebook or a tag (docs/product.md "Notebooks and tags"): choose the notebook or
 * tag to nest it under, or the top level. A notebook cannot go inside itself nor beside one of its
 * name; a tag moved onto an existing tag asks first, then merges (a move of a tag is a rename of its path).
 */
export function MoveDialog({ target, onClose }: { target: ManageTarget; onClose(): void }) {
  const log = useLog();
  const notes = log.state.notes;
  const fieldId = useId();
  const isNotebook = target.kind === 'notebook';
  const name = isNotebook ? (notes.notebooks[target.id]?.name ?? '') : (notes.tags[target.key] ?? '');
  const currentParent = isNotebook
    ? (notes.notebooks[target.id]?.parent ?? TOP)
    : target.key.includes(TAG_SEPARATOR)
      ? target.key.slice(0, target.key.lastIndexOf(TAG_SEPARATOR))
      : TOP;
  const [parent, setParent] = useState(currentParent);
  const [problem, setProblem] = useState<string | null>(null);
  const [merge, setMerge] = useState<{ to: string; into: string } | null>(null);
  // Not itself nor anything under it.
  const places = isNotebook
    ? everyNode(notebookTree(notes)).filter((node) => !isWithinNotebook(notes, node.id, target.id))
    : everyNode(tagTree(notes)).filter((node) => !isTagWithin(node.id, target.key));

  const submit = () => {
    const now = log.state.notes;
    const under = parent === TOP ? null : parent;
    if (target.kind === 'notebook') {
      if (under === (now.notebooks[target.id]?.parent ?? null)) return onClose();
      const check = checkNotebookMove(now, target.id, under);
      if (!check.ok) return setProblem(check.problem);
      const where = under === null ? null : notebookPath(now, under).join(' / ');
      onClose();
      return void organise(log, { type: 'notebook.moved', payload: { notebook: target.id, parent: under } }, (t) =>
        t.notebookMoved(name, where),
      );
    }
    const from = now.tags[target.key];
    const level = from.slice(from.lastIndexOf(TAG_SEPARATOR) + 1);
    const to = merge?.to ?? (under === null ? level : `${now.tags[under]}${TAG_SEPARATOR}${level}`);
    const rename = tagRenameKind(now, target.key, to);
    if (rename.kind === 'same') return onClose();
    if (rename.kind === 'refused') return setProblem(rename.problem);
    if (rename.kind === 'merge' && !merge) return setMerge({ to, into: rename.into });
    onClose();
    openAbove(now, { kind: 'tag', key: tagKey(to) }, null);
    void organise(log, { type: 'tag.renamed', payload: { tag: from, to } }, (t) =>
      rename.kind === 'merge' ? t.tagsMerged(from, rename.into) : t.tagMoved(from, to),
    );
  };

  if (merge)
    return (
      <DialogFrame title={`Merge “${name}” into “${merge.into}”?`} action="Merge" onSubmit={submit} onClose={onClose}>
        <p>
          A tag “{merge.into}” already exists there. Its notes and the notes tagged “{name}” will all carry “{merge.into}”. No note is
          deleted.
        </p>
      </DialogFrame>
    );

  return (
    <DialogFrame title={`Move ${isNotebook ? 'notebook' : 'tag'} “${name}”`} action="Move" onSubmit={submit} onClose={onClose}>
      <label className="organise-field">
        <span>Into</span>
        <select
          value={parent}
          onChange={(e) => {
            setParent(e.target.value);
            setProblem(null);
          }}
          aria-invalid={problem !== null}
          aria-describedby={`${fieldId}-problem`}
        >
          <option value={TOP}>Top level</option>
          {places.map((node) => (
            <option key={node.id} value={node.id}>
              {node.path}
            </option>
          ))}
        </select>
      </label>
      <FieldProblem id={`${fieldId}-problem`} problem={problem} />
    </DialogFrame>
  );
}
