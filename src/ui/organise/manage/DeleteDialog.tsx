import { isTagWithin } from '../../../../catalog';
import { useLog } from '../../LogContext';
import { notebookPath } from '../../../projections/organisation/notebooks';
import { tagIndex } from '../../../projections/organisation/organisationIndex';
import type { ManageTarget } from '../manageRequest';
import { organise } from './organiseCommands';
import { DialogFrame } from './DialogFrame';

const notesText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'note' : 'notes'}`;
const notebooksText = (n: number) => `${n} ${n === 1 ? 'notebook' : 'notebooks'}`;
const tagsText = (n: number) => `${n} ${n === 1 ? 'tag' : 'tags'}`;

/**
 * *Delete…* of a notebook or a tag (docs/product.md "Notebooks and tags"): says what happens to its
 * notes, then deletes it (one event, Undo on its toast). A notebook's notes and sub-notebooks move to
 * its parent; a tag is taken off its notes with the tags under it. No note is ever deleted.
 */
export function DeleteDialog({ target, onClose }: { target: ManageTarget; onClose(): void }) {
  const log = useLog();
  const notes = log.state.notes;

  if (target.kind === 'notebook') {
    const notebook = notes.notebooks[target.id];
    const name = notebook?.name ?? '';
    const own = Object.values(notes.filed).filter((id) => id === target.id).length;
    const children = Object.values(notes.notebooks).filter((n) => n.parent === target.id).length;
    const parent = notebook?.parent ? notebookPath(notes, notebook.parent).join(' / ') : null;
    const fate = [
      own ? `Its ${notesText(own)} ${own === 1 ? 'moves' : 'move'} ${parent ? `to “${parent}”` : 'out of any notebook'}.` : '',
      children
        ? `Its ${notebooksText(children)} ${children === 1 ? 'moves' : 'move'} ${parent ? `to “${parent}”` : 'to the top level'}.`
        : '',
    ].filter(Boolean);
    const submit = () => {
      onClose();
      void organise(log, { type: 'notebook.deleted', payload: { notebook: target.id } }, (t) => t.notebookDeleted(name, own, parent));
    };
    return (
      <DialogFrame title={`Delete notebook “${name}”?`} action="Delete notebook" danger onSubmit={submit} onClose={onClose}>
        <p>{[...(fate.length ? fate : ['It holds no notes.']), 'No note is deleted.'].join(' ')}</p>
      </DialogFrame>
    );
  }

  const path = notes.tags[target.key] ?? '';
  const count = tagIndex(notes).notes.get(target.key)?.size ?? 0;
  const under = Object.keys(notes.tags).filter((key) => key !== target.key && isTagWithin(key, target.key)).length;
  const submit = () => {
    onClose();
    void organise(log, { type: 'tag.deleted', payload: { tag: path } }, (t) => t.tagDeleted(path, count));
  };
  return (
    <DialogFrame title={`Delete tag “${path}”?`} action="Delete tag" danger onSubmit={submit} onClose={onClose}>
      <p>
        {count ? `It is taken off its ${notesText(count)}` : 'No note carries it'}
        {under ? `, with the ${tagsText(under)} under it` : ''}. No note is deleted.
      </p>
    </DialogFrame>
  );
}
