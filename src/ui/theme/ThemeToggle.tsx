import type { ThemePreference } from '../../../catalog';
import { useLog, useProjection } from '../LogContext';

const NEXT: Record<ThemePreference, ThemePreference> = { system: 'light', light: 'dark', dark: 'system' };
const LABEL: Record<ThemePreference, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const ICON: Record<ThemePreference, string> = { system: '◐', light: '☀', dark: '☾' };

/** Cycles the theme preference System -> Light -> Dark; the choice is an event, so it is remembered. */
export function ThemeToggle() {
  const log = useLog();
  const theme = useProjection((s) => s.view.theme);
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={`Theme: ${LABEL[theme]}`}
      title={`Theme: ${LABEL[theme]} (click for ${LABEL[NEXT[theme]]})`}
      onClick={() => void log.append('ui.theme-changed', { theme: NEXT[theme] })}
    >
      {ICON[theme]}
    </button>
  );
}
