import { NO_FILTER, type NoteFilter } from '../../../catalog';

/** What a person can choose in the sidebar (docs/product.md "Notebooks and tags"): a view, a notebook, a tag (by key). */
export type FilterItem = { kind: 'all' } | { kind: 'starred' } | { kind: 'notebook'; id: string } | { kind: 'tag'; key: string };

/** The most tags a filter holds (the catalog's limit of `ui.filter-changed`). */
const FILTER_TAGS_MAX = 20;

/** Whether `filter` holds `item` (*All notes*: the empty filter). */
export function filterHolds(filter: NoteFilter, item: FilterItem): boolean {
  switch (item.kind) {
    case 'all':
      return filter.notebook === null && filter.tags.length === 0 && !filter.starred;
    case 'starred':
      return filter.starred;
    case 'notebook':
      return filter.notebook === item.id;
    case 'tag':
      return filter.tags.includes(item.key);
  }
}

/** `filter` without `item` (a chip's ✕). */
export function filterWithout(filter: NoteFilter, item: FilterItem): NoteFilter {
  switch (item.kind) {
    case 'all':
      return filter;
    case 'starred':
      return { ...filter, starred: false };
    case 'notebook':
      return filter.notebook === item.id ? { ...filter, notebook: null } : filter;
    case 'tag':
      return { ...filter, tags: filter.tags.filter((key) => key !== item.key) };
  }
}

/**
 * The filter after choosing `item` (docs/product.md "Notebooks and tags"): a plain choice shows that
 * item alone; with `add` (Ctrl or Cmd) it joins what is shown, so notes must match it too (a second
 * tag narrows to notes carrying both; another notebook replaces the notebook), and choosing with
 * `add` an item already shown takes it out. *All notes* always clears the filter.
 */
export function chooseFilter(filter: NoteFilter, item: FilterItem, add: boolean): NoteFilter {
  if (item.kind === 'all') return NO_FILTER;
  if (add && filterHolds(filter, item)) return filterWithout(filter, item);
  const base = add ? filter : NO_FILTER;
  switch (item.kind) {
    case 'starred':
      return { ...base, starred: true };
    case 'notebook':
      return { ...base, notebook: item.id };
    case 'tag':
      return base.tags.length >= FILTER_TAGS_MAX ? base : { ...base, tags: [...base.tags, item.key] };
  }
}
