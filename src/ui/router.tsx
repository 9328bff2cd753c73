import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { NotesApp } from './NotesApp';
import { NotFound } from './NotFound';
import { RouteError } from './RouteError';
import { DocumentTheme } from './theme/useTheme';

// The replay view and its log-file code load only when /replay is opened (kept off the first load).
const ReplayView = lazy(() => import('./replay/ReplayView').then((m) => ({ default: m.ReplayView })));

/** Shows the routing failure screen (docs/product.md "Screens and routes", "Messages") when a route's screen throws while rendering or loading. */
class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('NotePad: a screen failed', error, info.componentStack);
  }

  render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

function RoutesWithBoundary() {
  const [pathname] = useLocation();
  // Keyed by path: navigating elsewhere (e.g. "Return to Home") clears a failure.
  return (
    <RouteErrorBoundary key={pathname}>
      <Switch>
        <Route path="/">
          <NotesApp />
        </Route>
        <Route path="/replay">
          <Suspense fallback={<p className="loading">Loading replay…</p>}>
            <ReplayView />
          </Suspense>
        </Route>
        <Route>
          <NotFound />
        </Route>
      </Switch>
    </RouteErrorBoundary>
  );
}

/**
 * Routes of docs/product.md "Screens and routes" (`/` the notes app, anything else the 404 page; failures the error screen)
 * and `/replay`, with wouter over the browser's history: the app has three paths, no loaders or
 * actions, and wouter adds a fraction of what react-router would to the first screen's scripts
 * (docs/benchmarks.md).
 */
export function AppRoutes() {
  return (
    <>
      <DocumentTheme />
      <RoutesWithBoundary />
    </>
  );
}
