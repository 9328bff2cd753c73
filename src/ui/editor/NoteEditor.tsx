import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { BlockNoteView } from '@blocknote/mantine';
import '@blocknote/mantine/style.css';
import { useLog } from '../LogContext';
import { onBeforePageHide } from '../pageLifecycle';
import { loadPurifier, purifierLoaded } from '../../services/purifier';
import { announceChangedElsewhere, announceMergedElsewhere } from '../feedback';
import { PurifierNotLoadedError } from '../../services/purifier';
import { useResolvedTheme } from '../theme/useTheme';
import type { NoteEditor as BlockNoteInstance } from './schema';
import { blockHtmlCacheOf, captureBody, isShowingBody, showBody } from './noteDocument';
import { NoteFloatingToolbar } from './FloatingToolbar';
import { followNoteTitles } from './noteLink/noteLinkContext';
import { NoteLinkPicker } from './noteLink/NoteLinkPicker';
import { NoteSlashMenu } from './noteLink/NoteSlashMenu';
import { appendSave, flushAutosave, isPendingHere, showNoteOf } from './noteSave';
import { prepareChanges } from './noteChanges';
import { showRemoteChange } from './remoteChanges';
import { useNoteSave } from './useNoteSave';
import { useTypedDraft } from './typedDraft';
import { bodyChain, bodyHtml, isUnreadBody } from '../../projections/notesState';
import { firstScreenShown } from '../firstScreen';

/** What the toolbar and header may ask of the shown note's editor. */
export interface NoteEditorHandle {
  /**
   * Save now (Save button, Ctrl+S): flush the autosave and resolve once it settled:
   * 'saved' (durable, or nothing new to save) or 'failed' (the failure toast was shown).
   */
  saveNow(): Promise<'saved' | 'failed'>;
}

/**
 * The BlockNote view of one note (docs/product.md "Editor pane"). The editor instance lives in
 * EditorPane for the page (the toolbar and header use it too); switching notes flushes the
 * autosave of the previous note first, then loads the next. Bodies changed by another tab are
 * reloaded when this tab has nothing unsaved.
 */
export function NoteEditor({ noteId, editor, ref }: { noteId: string; editor: BlockNoteInstance; ref?: Ref<NoteEditorHandle> }) {
  const log = useLog();
  const theme = useResolvedTheme();
  const { autosave, shown } = useNoteSave(
    log,
    () => captureBody(editor),
    () => blockHtmlCacheOf(editor).primeForSave(),
  );
  const typedDraft = useTypedDraft(log, editor, autosave, shown);
  /** The other tab's text last announced, so one change gives one notice. */
  const noticedHtmlRef = useRef<string | null>(null);
  /** DOMPurify has loaded: a note whose links need it can be shown (it is not part of the first load). */
  const [purifierReady, setPurifierReady] = useState(purifierLoaded);
  /** Reads of the shown note's document done: the load below runs again once it is read. */
  const [documentsRead, setDocumentsRead] = useState(0);

  useImperativeHandle(ref, () => ({ saveNow: () => flushAutosave(autosave) }), [autosave]);

  // Every edit is the shown note's input. Listened to in the commit that mounts the editor, as the load
  // below: BlockNoteView's own onChange prop is listened to in a later effect, after a key may have landed.
  useLayoutEffect(
    () =>
      editor.onChange(() => {
        if (!isShowingBody(editor) && shown.noteId) {
          autosave.send({ type: 'editor.input', noteId: shown.noteId });
          typedDraft.typed();
        }
      }),
    [editor, autosave, shown, typedDraft],
  );

  // Links show their notes' current titles (docs/architecture.md "Links between notes"); before the load below, so a note shows them at once.
  useLayoutEffect(() => followNoteTitles(editor, log.state$), [editor, log]);

  // Load the selected note; flush the previous one first so its last keystrokes are saved under its id.
  // In the commit that mounts the editor or names another note: BlockNoteView's mount makes the editor
  // editable, and a key the browser handles before a later effect would land in a note not shown yet,
  // unsaved, then be replaced (docs/architecture.md "Editor").
  useLayoutEffect(() => {
    if (shown.noteId === noteId) return;
    autosave.send({ type: 'autosave.flush' });
    // A fold again (reload) reads this note's document before it publishes: it does not turn unread while shown.
    log.keepRead(noteId);
    const body = log.state.notes.bodies[noteId];
    if (isUnreadBody(body)) {
      // Its document is not read yet (docs/architecture.md "Snapshots"): read-only until it is, then shown.
      shown.noteId = null;
      editor.isEditable = false;
      let cancelled = false;
      log.readNotes([noteId]).then(
        () => !cancelled && setDocumentsRead((n) => n + 1),
        (error: unknown) => console.error('NotePad: the note cannot be shown: its document could not be read', error),
      );
      return () => {
        cancelled = true;
      };
    }
    if (!showBody(editor, body)) {
      // Its links (or legacy HTML) are checked with DOMPurify, not loaded yet: show it once it is.
      // Until then the editor is read-only, so nothing typed is lost or saved under another note.
      shown.noteId = null;
      editor.isEditable = false;
      let cancelled = false;
      loadPurifier().then(
        () => !cancelled && setPurifierReady(true),
        (error: unknown) => console.error('NotePad: the note cannot be shown: its sanitizer could not load', error),
      );
      return () => {
        cancelled = true;
      };
    }
    showNoteOf(shown, noteId, log.state);
    editor.isEditable = log.writable;
    // The page's first screen, if this is it: idle-time work may follow (firstScreen.tsx).
    firstScreenShown();
    // Its document for saves as changes is made once it is editable (Yjs is not part of the first load).
    prepareChanges(
      shown,
      () => log.state,
      () => editor.document,
    );
  }, [noteId, editor, log, autosave, shown, purifierReady, documentsRead]);

  // Another tab saved this note: show its text unless this tab has unsaved input, and say so.
  useEffect(() => {
    let closed = false;
    let merging = false;
    const onState = (state: typeof log.state) => {
      const body = state.notes.bodies[noteId];
      if (!body || shown.noteId !== noteId || merging || shown.appending) return;
      if (body.html === undefined) {
        // Left unread by a fold again (docs/architecture.md "Documents by reference"): read, it is published again.
        log.readNotes([noteId]).catch((error: unknown) => console.error("NotePad: the shown note's document could not be read", error));
        return;
      }
      if (shown.changes && state.notes.revs[noteId]?.id !== shown.baseRev) {
        // A change on the note's chain of changes: merged with what is typed here, nothing kept aside.
        merging = true;
        try {
          const unsaved = !autosave.getSnapshot().matches('clean');
          const save = () =>
            void appendSave(log, shown, noteId, captureBody(editor))?.catch(() => autosave.send({ type: 'autosave.flush' }));
          const touched = showRemoteChange(editor, shown, noteId, () => log.state, unsaved, save);
          if (touched) {
            if (!isPendingHere(log, noteId, bodyHtml(body))) {
              if (unsaved) announceMergedElsewhere();
              else announceChangedElsewhere(true);
            }
            noticedHtmlRef.current = bodyHtml(body);
            // Blocks whose text the fold merged keep an older save's HTML until saved again: this editor has them now.
            const stale = bodyChain(log.state.notes.bodies[noteId])?.stale ?? [];
            if (log.writable && stale.some((id) => touched.has(id))) save();
            return;
          }
        } catch (error) {
          if (!(error instanceof PurifierNotLoadedError)) {
            // Shown as any other change made elsewhere below; the next chain of changes starts from what the note holds.
            console.error('NotePad: a change made elsewhere could not be merged into the editor', error);
            shown.changes = null;
          } else {
            loadPurifier().then(
              () => !closed && onState(log.state),
              (failed: unknown) => console.error("NotePad: the other device's text cannot be shown: its sanitizer could not load", failed),
            );
            return;
          }
        } finally {
          merging = false;
        }
      }
      // The shown note is read (keepRead): an unread body here throws, never compares as ''.
      const html = bodyHtml(body);
      if (html === shown.html) return;
      // This tab's own changes (a History restore) are still pending when they are first shown.
      const fromHere = isPendingHere(log, noteId, html);
      const clean = autosave.getSnapshot().matches('clean');
      if (!fromHere && noticedHtmlRef.current !== html) announceChangedElsewhere(clean);
      noticedHtmlRef.current = html;
      if (!clean) return;
      if (showBody(editor, body)) {
        showNoteOf(shown, noteId, state);
        prepareChanges(
          shown,
          () => log.state,
          () => editor.document,
        );
        return;
      }
      // The new text needs DOMPurify (a link): check again with the latest state once it has loaded.
      loadPurifier().then(
        () => !closed && onState(log.state),
        (error: unknown) => console.error("NotePad: the other tab's text cannot be shown: its sanitizer could not load", error),
      );
    };
    const sub = log.state$.subscribe(onState);
    return () => {
      closed = true;
      sub.unsubscribe();
    };
  }, [noteId, editor, log, autosave, shown]);

  // A newer build writes to the log: capture what is typed (it stays pending, then goes to the
  // page-hide journal for the newer build) and stop taking input (docs/architecture.md "Versions and tabs").
  useEffect(() => {
    const sub = log.status$.subscribe(({ newerVersion }) => {
      if (newerVersion === null) return;
      autosave.send({ type: 'autosave.flush' });
      editor.isEditable = false;
    });
    return () => sub.unsubscribe();
  }, [log, editor, autosave]);

  // The draft first: a page killed while the flush takes its change from the model still keeps what was typed.
  useEffect(
    () =>
      onBeforePageHide(() => {
        try {
          typedDraft.writeNow();
        } catch (error) {
          console.error('NotePad: the typed-text draft could not be written on page hide', error);
        }
        autosave.send({ type: 'autosave.flush' });
      }),
    [autosave, typedDraft],
  );
  // A layout cleanup, like the load above: it must capture what was typed before a new mount shows the stored body.
  useLayoutEffect(() => () => autosave.send({ type: 'autosave.flush' }), [autosave]);

  return (
    <div
      className="note-editor"
      onBlur={(e) => {
        // Focus moving into BlockNote's own menus is not a blur of the note.
        if (!e.currentTarget.contains(e.relatedTarget)) autosave.send({ type: 'editor.blur' });
      }}
    >
      <BlockNoteView editor={editor} theme={theme} formattingToolbar={false} slashMenu={false}>
        <NoteFloatingToolbar />
        <NoteSlashMenu />
        <NoteLinkPicker noteId={noteId} />
      </BlockNoteView>
    </div>
  );
}
