import { useRef, useState, type KeyboardEvent } from 'react';
import { command, TOOLBAR_GROUPS, type CommandState, type EditorCommand } from './commands';
import { Icon, Spinner } from './icons';
import { MenuButton } from './MenuButton';

/** The tooltip of a command: its label and shortcut. */
export const tooltip = (c: EditorCommand, label = c.label) => (c.keys ? `${label} (${c.keys})` : label);

/**
 * The fixed toolbar above the editor (docs/product.md "Toolbar"): one button or menu per command of
 * TOOLBAR_GROUPS, each named by its label. It is one Tab stop (WAI-ARIA toolbar): arrows, Home
 * and End move between its controls. Buttons do not take focus on mouse-down, so the editor keeps
 * its selection. `busy` marks the AI helpers at work (spinner + aria-busy).
 */
export function EditorToolbar(props: {
  state: CommandState;
  busy: { summary: boolean; resources: boolean };
  run(command: EditorCommand, option?: string): void;
}) {
  const { state, busy, run } = props;
  const [active, setActive] = useState(0);
  const ref = useRef<HTMLDivElement>(null);
  let index = 0;

  const onKeyDown = (event: KeyboardEvent) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    const items = Array.from(ref.current?.querySelectorAll<HTMLButtonElement>('[data-toolbar-item]') ?? []);
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    event.preventDefault();
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? items.length - 1
          : (at + (event.key === 'ArrowRight' ? 1 : -1) + items.length) % items.length;
    setActive(next);
    items[next].focus();
  };

  const item = (c: EditorCommand) => {
    const i = index++;
    const tabIndex = i === active ? 0 : -1;
    const onFocus = () => setActive(i);
    if (c.options) {
      const current = c.currentOption?.(state);
      return (
        <span key={c.name} onFocus={onFocus} className="toolbar-item">
          <MenuButton
            label={c.label}
            title={tooltip(c)}
            options={c.options}
            current={current ?? ''}
            tabIndex={tabIndex}
            toolbarItem
            onChoose={(value) => run(c, value)}
          >
            <Icon name={c.icon} />
            {c.name === 'text-colour' && (
              <span className="colour-bar" style={{ background: current ?? 'currentColor' }} aria-hidden="true" />
            )}
            <Icon name="chevron" />
          </MenuButton>
        </span>
      );
    }
    const on = c.isActive?.(state) ?? false;
    const label = c.activeLabel && on ? c.activeLabel : c.label;
    const isBusy = (c.name === 'summarize' && busy.summary) || (c.name === 'find-resources' && busy.resources);
    return (
      <button
        key={c.name}
        type="button"
        className={`toolbar-button${on ? ' on' : ''}${c.name === 'record' && on ? ' recording' : ''}`}
        data-toolbar-item=""
        aria-label={label}
        title={tooltip(c, label)}
        aria-pressed={c.isActive && !c.activeLabel ? on : undefined}
        aria-busy={isBusy || undefined}
        tabIndex={tabIndex}
        onFocus={onFocus}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => run(c)}
      >
        {isBusy ? <Spinner /> : <Icon name={c.icon} filled={c.name === 'star' && on} />}
      </button>
    );
  };

  return (
    <div ref={ref} className="editor-toolbar" role="toolbar" aria-label="Formatting and note tools" onKeyDown={onKeyDown}>
      {TOOLBAR_GROUPS.map((group, g) => (
        <div key={g} className="toolbar-group">
          {group.map((name) => item(command(name)))}
        </div>
      ))}
    </div>
  );
}
