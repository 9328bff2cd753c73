import { PRODUCT_NAME } from '../services/product';

/**
 * What the page shows while the event log opens and folds (issue 7: first paint): the app's frame
 * with the product name and a loading line, in the same layout classes as the notes app, so the
 * real screen replaces it without a jump. Nothing in it can be edited, so no input can be lost.
 */
export function LoadingShell() {
  return (
    <div className="notes-app sidebar-expanded" aria-busy="true">
      <nav className="sidebar" aria-label="Notes">
        <div className="sidebar-header">
          <h1 className="product-name">{PRODUCT_NAME}</h1>
        </div>
      </nav>
      <main className="main-area">
        <p className="loading" role="status">Loading your notes…</p>
      </main>
    </div>
  );
}
