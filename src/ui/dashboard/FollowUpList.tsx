import type { FollowUpItem } from '../../projections/statistics';

/** Height of the follow-up items panel (docs/product.md "Constants"). */
const FOLLOW_UP_PANEL_HEIGHT_PX = 400;

/**
 * Every follow-up highlight across the notes (docs/product.md "Dashboard"), each with its note's title and text,
 * in a panel 400 px high that scrolls. Choosing an item opens its note in the editor.
 */
export function FollowUpList({ items, onOpenNote }: { items: FollowUpItem[]; onOpenNote: (id: string) => void }) {
  return (
    <ul className="follow-up-list" style={{ height: FOLLOW_UP_PANEL_HEIGHT_PX }} aria-label="Follow-up items">
      {items.map((item) => (
        <li key={`${item.noteId}:${item.index}`}>
          <button type="button" className="follow-up-item" onClick={() => onOpenNote(item.noteId)} title={`Open “${item.title}”`}>
            <span className="follow-up-note">{item.title}</span>
            <span className="follow-up-text">
              <span className="follow-up-mark">{item.text}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
