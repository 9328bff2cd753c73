import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useEditorState } from '@blocknote/react';
import { useLog, useLogWritable } from '../LogContext';
import { useAiHelpers } from '../ai/useAiHelpers';
import { selectionStyles } from './commandSelection';
import { commandForKey, type CommandContext, type EditorCommand, type EditorServices } from './commands';
import { logCommand } from './commands/types';
import { editorToasts } from '../feedback';
import { EditorToolbar } from './EditorToolbar';
import { HeaderActions } from './HeaderActions';
import { insertImageFile, resizeImage } from './imageInsert';
import { NoteEditor, type NoteEditorHandle } from './NoteEditor';
import { useRecording } from './useRecording';
import { NoteOrganisationSlot } from '../organise/NoteOrganisationSlot';
import { LinkedFrom } from './noteLink/LinkedFrom';
import { useNoteLinks } from './noteLink/useNoteLinks';
import './noteLink/noteLinks.css';
import type { NoteEditor as BlockNoteInstance } from './schema';

/** Run a command; an unexpected failure is reported (console and toast), never thrown into React. */
async function runCommand(command: EditorCommand, ctx: CommandContext, option?: string): Promise<void> {
  try {
    await command.perform(ctx, option);
  } catch (error) {
    console.error(`NotePad: ${command.name} failed`, error);
    editorToasts.commandFailed(command.label, error);
  }
}

/**
 * The selected note's workspace (docs/product.md "Editor pane"): the header (rendered by `header` with
 * the actions), the toolbar, the editor, and the AI helpers' panels in an aside (right of the
 * editor on wide screens, below it under 768 px). Owns the command context, the editor shortcuts
 * (Ctrl+B/I/U/K in the note, Ctrl+S anywhere), the image picker, image resize and dictation.
 */
export function NoteWorkspace(props: {
  editor: BlockNoteInstance;
  handle: RefObject<NoteEditorHandle | null>;
  noteId: string;
  title: string;
  starred: boolean;
  services: EditorServices;
  header(actions: ReactNode): ReactNode;
}) {
  const { editor, handle, noteId, title, starred, services, header } = props;
  const log = useLog();
  const writable = useLogWritable();
  const ai = useAiHelpers(editor, noteId);
  const { recording, toggle } = useRecording(editor, noteId);
  // Pressed toggles follow the whole selection, as the toggles themselves read it.
  const styles: Record<string, unknown> = useEditorState({ editor, selector: ({ editor: e }) => selectionStyles(e as BlockNoteInstance) });
  const picker = useRef<HTMLInputElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const missingNoteOffer = useNoteLinks(editor, noteId, services);

  const ctx: CommandContext = {
    editor,
    noteId,
    title,
    starred,
    log,
    services,
    saveNow: () => handle.current?.saveNow() ?? Promise.resolve('saved'),
    pickImage: () => picker.current?.click(),
    toggleRecording: toggle,
    ai,
  };
  const ctxRef = useRef(ctx);
  ctxRef.current = ctx;
  const state = { styles, starred, recording };
  const run = (command: EditorCommand, option?: string) => void runCommand(command, ctxRef.current, option);
  const runFromToolbar = (command: EditorCommand, option?: string) => {
    run(command, option);
    // A menu took focus to show its choices; give it back so typing goes on in the note.
    if (option !== undefined) editor.focus();
  };

  // Editor shortcuts: before ProseMirror sees the key (capture), so each one also logs its event.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const command = commandForKey(event);
      if (!command || !ctxRef.current.log.writable || document.querySelector('dialog[open]')) return;
      if (command.shortcutIn === 'editor' && !body.current?.querySelector('.bn-editor')?.contains(event.target as Node)) return;
      event.preventDefault();
      event.stopPropagation();
      if (!event.repeat) void runCommand(command, ctxRef.current);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  return (
    <>
      {/* A tab that met a newer build shows the note but offers no action on it (docs/architecture.md "Versions and tabs"). */}
      <div className="workspace-controls" inert={!writable}>
        {header(<HeaderActions state={state} hasNote run={run} />)}
        <NoteOrganisationSlot noteId={noteId} />
        <EditorToolbar state={state} busy={ai.busy} run={runFromToolbar} />
      </div>
      <input
        ref={picker}
        type="file"
        accept="image/*"
        hidden
        aria-label="Image file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void insertImageFile(editor, file).then((ok) => ok && logCommand(ctxRef.current, 'insert-image'));
        }}
      />
      <div className="editor-body">
        <div
          ref={body}
          className="editor-main"
          onDoubleClick={(e) => {
            const image = (e.target as HTMLElement).closest('[data-content-type="image"]');
            const id = image?.closest('[data-id]')?.getAttribute('data-id');
            if (!id || !(e.target as HTMLElement).closest('img')) return;
            const px = resizeImage(editor, id, services.ask);
            if (px !== null) logCommand(ctxRef.current, 'resize-image', String(px));
          }}
        >
          <NoteEditor ref={handle} noteId={noteId} editor={editor} />
          <LinkedFrom noteId={noteId} />
          {missingNoteOffer}
        </div>
        {ai.panels && (
          <aside className="ai-panels" aria-label="AI helpers">
            {ai.panels}
          </aside>
        )}
      </div>
    </>
  );
}
