import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
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
  const { pathname } = useLocation();
  // Keyed by path: navigating elsewhere (e.g. "Return to Home") clears a failure.
  return (
    <RouteErrorBoundary key={pathname}>
      <Routes>
        <Route path="/" element={<NotesApp />} />
        <Route
          path="/replay"
          element={
            <Suspense fallback={<p className="loading">Loading replay…</p>}>
              <ReplayView />
            </Suspense>
          }
        />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </RouteErrorBoundary>
  );
}

/**
 * Routes of docs/product.md "Screens and routes" (`/` the notes app, anything else the 404 page; failures the error screen)
 * and `/replay`. Declarative react-router: the app has no loaders or actions, and the
 * data router costs ~50 KB more of initial JavaScript.
 */
export function AppRoutes() {
  return (
    <>
      <DocumentTheme />
      <BrowserRouter>
        <RoutesWithBoundary />
      </BrowserRouter>
    </>
  );
}
