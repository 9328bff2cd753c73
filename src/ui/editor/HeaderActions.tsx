import { command, HEADER_COMMANDS, TOOLBAR_GROUPS, type CommandState, type EditorCommand } from './commands';

/** Header actions the toolbar has too: phones show them only there (editor.css). */
const IN_TOOLBAR = new Set(TOOLBAR_GROUPS.flat());
import { Icon } from './icons';
import { MenuButton } from './MenuButton';
import { tooltip } from './EditorToolbar';

/**
 * The editor header's actions (docs/product.md "Header"): Export menu, Star/Unstar, New Tab,
 * Copy, Download, Send by e-mail, Save to calendar, Create task, Save. Everything but New Tab is
 * disabled while no note is selected.
 */
export function HeaderActions({
  state,
  hasNote,
  run,
}: {
  state: CommandState;
  hasNote: boolean;
  run(command: EditorCommand, option?: string): void;
}) {
  return (
    <div className="editor-header-actions">
      {HEADER_COMMANDS.map((name) => {
        const c = command(name);
        const disabled = !hasNote && name !== 'new-tab';
        const perform = (option?: string) => run(c, option);
        if (c.options) {
          return (
            <MenuButton
              key={name}
              label={c.label}
              options={c.options}
              disabled={disabled}
              className="header-menu"
              onChoose={(value) => perform(value)}
            >
              <Icon name={c.icon} />
              <span className="button-text">{c.label}</span>
              <Icon name="chevron" />
            </MenuButton>
          );
        }
        const on = c.isActive?.(state) ?? false;
        const label = c.activeLabel && on ? c.activeLabel : c.label;
        return (
          <button
            key={name}
            type="button"
            className={`header-button${name === 'star' && on ? ' starred' : ''}${IN_TOOLBAR.has(name) ? ' also-in-toolbar' : ''}`}
            aria-label={label}
            title={tooltip(c, label)}
            disabled={disabled}
            onClick={() => perform()}
          >
            <Icon name={c.icon} filled={name === 'star' && on} />
            {name === 'star' && <span className="button-text">{label}</span>}
          </button>
        );
      })}
    </div>
  );
}
