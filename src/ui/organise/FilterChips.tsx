import { NO_FILTER, type NoteFilter } from '../../../catalog';
import { filterWithout, type FilterItem } from '../../projections/organisation/filterChoice';
import { isEmptyFilter } from '../../projections/organisation/organisationIndex';
import { notebookPath } from '../../projections/organisation/notebooks';
import { useLog, useProjection } from '../LogContext';
import { FolderIcon } from './organiseIcons';

/**
 * The sidebar filter as chips above the list (docs/product.md "Notebooks and tags"): the notebook,
 * each tag and *Starred*, each with ✕ to take it out, and *Clear* when there are several. Nothing
 * when every note is shown.
 */
export function FilterChips() {
  const log = useLog();
  const filter = useProjection((s) => s.view.filter);
  const notebooks = useProjection((s) => s.notes.notebooks);
  const tags = useProjection((s) => s.notes.tags);
  if (isEmptyFilter(filter)) return null;
  const set = (next: NoteFilter) => void log.append('ui.filter-changed', { filter: next });
  const chips: { item: FilterItem; label: string }[] = [];
  if (filter.notebook !== null)
    chips.push({
      item: { kind: 'notebook', id: filter.notebook },
      label: notebookPath(log.state.notes, filter.notebook).join(' / ') || (notebooks[filter.notebook]?.name ?? ''),
    });
  for (const key of filter.tags) chips.push({ item: { kind: 'tag', key }, label: tags[key] ?? key });
  if (filter.starred) chips.push({ item: { kind: 'starred' }, label: 'Starred' });
  return (
    <div className="filter-chips" role="group" aria-label="Filter">
      {chips.map(({ item, label }) => (
        <span key={`${item.kind}:${label}`} className={`filter-chip ${item.kind}`}>
          <span className="filter-chip-label" title={label}>
            {item.kind === 'notebook' ? <FolderIcon /> : <span aria-hidden="true">{item.kind === 'tag' ? '#' : '★'}</span>}
            {label}
          </span>
          <button
            type="button"
            className="icon-button"
            aria-label={item.kind === 'starred' ? 'Remove Starred' : `Remove ${item.kind} ${label}`}
            title={`Remove ${label} from the filter`}
            onClick={() => set(filterWithout(filter, item))}
          >
            ✕
          </button>
        </span>
      ))}
      {chips.length > 1 && (
        <button type="button" className="link-button filter-clear" onClick={() => set(NO_FILTER)}>
          Clear
        </button>
      )}
    </div>
  );
}
