/** What `asPreviousBuildInPage` changed: snapshot records and events written back as schema `version`. */
export interface PreviousBuildLog {
  snapshots: number;
  events: number;
}

/**
 * Runs IN THE PAGE (self-contained, passed to `page.evaluate`), a page of the app's origin whose
 * log the app has made: make the stored log one that the build before schema version 4 wrote
 * (docs/benchmarks.md "Organisation figures"), for the first start after an update. Every snapshot
 * record (whole snapshots and their heads) is written back as that build wrote it: `v` 3, no
 * `writer`, a notes state without the parts version 4 added (catalog/readState.ts upcasts them back:
 * note identity, notebooks, tags, shared links) and a view without the sidebar's filter. The events
 * the app appended at the end of the log (schema 4, same shapes) are written back as version 3; the
 * seeded events before them already are. Resolves with how many records it rewrote.
 */
export async function asPreviousBuildInPage(version: number): Promise<PreviousBuildLog> {
  const V4_NOTES = ['origins', 'remaps', 'notebooks', 'goneNotebooks', 'notebookAliases', 'filed', 'tags', 'tagged', 'shares'];
  type Raw = Record<string, unknown>;
  const notesOf = (notes: Raw): Raw => {
    const out = { ...notes };
    for (const key of V4_NOTES) delete out[key];
    return out;
  };
  // The database exists (the app made it): opened at its version, whatever that is.
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open('notepad-log');
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const done = (tx: IDBTransaction) =>
    new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error ?? new Error('rewriting the log aborted'));
    });
  const out = { snapshots: 0, events: 0 };
  {
    const tx = db.transaction('snapshots', 'readwrite');
    const store = tx.objectStore('snapshots');
    const request = store.openCursor();
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor) return;
      const record = { ...(cursor.value as Raw) };
      const state = { ...(record.state as Raw) };
      state.notes = notesOf(state.notes as Raw);
      const view = { ...(state.view as Raw) };
      delete view.filter;
      state.view = view;
      record.state = state;
      if (record.server) record.server = { ...(record.server as Raw), notes: notesOf((record.server as Raw).notes as Raw) };
      record.v = version;
      delete record.writer;
      cursor.update(record);
      out.snapshots += 1;
      cursor.continue();
    };
    await done(tx);
  }
  {
    // From the end back to the first event of the older version: only the app's own appends.
    const tx = db.transaction('events', 'readwrite');
    const request = tx.objectStore('events').openCursor(null, 'prev');
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor || (cursor.value as Raw).v === version) return;
      cursor.update({ ...(cursor.value as Raw), v: version });
      out.events += 1;
      cursor.continue();
    };
    await done(tx);
  }
  db.close();
  return out;
}
