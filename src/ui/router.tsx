import { createBrowserRouter } from 'react-router';
import { NotesApp } from './NotesApp';
import { NotFound } from './NotFound';
import { RouteError } from './RouteError';
import { ReplayView } from './replay/ReplayView';

/** Routes of SPEC.md §2 (`/` the notes app, anything else the 404 page; failures the error screen) and `/replay` (issue 6). */
export function createAppRouter() {
  return createBrowserRouter([
    { path: '/', element: <NotesApp />, errorElement: <RouteError /> },
    { path: '/replay', element: <ReplayView />, errorElement: <RouteError /> },
    { path: '*', element: <NotFound />, errorElement: <RouteError /> },
  ]);
}
