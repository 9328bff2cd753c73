import { useEffect, useSyncExternalStore } from 'react';
import type { ThemePreference } from '../../../catalog';
import { useProjection } from '../LogContext';
import './textColors.css';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeToSystem(onChange: () => void): () => void {
  const media = window.matchMedia(DARK_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** Resolve a preference against the system setting. */
function resolveTheme(preference: ThemePreference, systemDark: boolean): 'light' | 'dark' {
  return preference === 'system' ? (systemDark ? 'dark' : 'light') : preference;
}

/** The theme in effect: the remembered preference, or the system's when it is "system". */
export function useResolvedTheme(): 'light' | 'dark' {
  const preference = useProjection((s) => s.view.theme);
  const systemDark = useSyncExternalStore(subscribeToSystem, () => window.matchMedia(DARK_QUERY).matches);
  return resolveTheme(preference, systemDark);
}

/**
 * Applies the theme in effect to <html> for every screen (rendered once, beside the routes):
 * `color-scheme`, which the CSS colours follow (`light-dark()` in app.css), and `data-theme` for
 * the rules that differ by theme (textColors.css). Renders nothing.
 */
export function DocumentTheme(): null {
  const theme = useResolvedTheme();
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  return null;
}
