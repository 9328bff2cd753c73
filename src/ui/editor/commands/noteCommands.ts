import { EXPORT_FILE_TYPES, clipboardText, documentText, standaloneHtml } from '../../../services/exporters';
import { noteFileName } from '../../../services/download';
import { calendarEventUrl, mailDraftUrl, taskUrl } from '../../../services/links';
import type { ExportFormat } from '../../../../catalog';
import { EXPORT_FORMATS } from '../../../../catalog';
import { editorToasts, showStatus } from '../../feedback';
import { selectedText } from '../commandSelection';
import { noteLinkContextOf } from '../noteLink/noteLinkContext';
import { ctrl, logCommand, type CommandContext, type EditorCommand } from './types';

/** The note's text (docs/product.md "Calls": the body text of copy, e-mail and calendar), links to notes as their titles. */
function bodyText(ctx: Pick<CommandContext, 'editor'>): string {
  const links = noteLinkContextOf(ctx.editor);
  return documentText(ctx.editor.document, (noteId) => links.titleOf(noteId));
}

/** A standalone HTML file of the note (Download, Export > HTML). */
function htmlFile(ctx: CommandContext): string {
  return standaloneHtml(ctx.title, ctx.editor.blocksToHTMLLossy(ctx.editor.document));
}

/** Export the note as `format` (docs/product.md "Exports"): a file named after the note, or PDF through the print dialogue. */
function exportNote(ctx: CommandContext, format: ExportFormat): void {
  const type = EXPORT_FILE_TYPES[format];
  if (format === 'pdf') {
    ctx.services.printer.print(ctx.title);
  } else {
    const content =
      format === 'html'
        ? htmlFile(ctx)
        : format === 'markdown'
          ? ctx.editor.blocksToMarkdownLossy(ctx.editor.document)
          : `${bodyText(ctx)}\n`;
    const fileName = noteFileName(ctx.title, type.extension);
    ctx.services.downloader.download(fileName, content, type.mimeType);
    editorToasts.exported(type.label, fileName);
  }
  void ctx.log.append('note.exported', { id: ctx.noteId, format });
}

/** Commands on the whole note: save, copy, download, star, export, hand-offs, recording and the AI helpers (docs/product.md "Header", "Calls"). */
export const NOTE_COMMANDS: EditorCommand[] = [
  {
    name: 'save',
    label: 'Save',
    keys: 'Ctrl+S',
    matches: ctrl('KeyS'),
    shortcutIn: 'pane',
    event: 'editor.command',
    icon: 'save',
    async perform(ctx) {
      logCommand(ctx, 'save');
      // "Note saved!" once the save is durable, or at once when everything already is (docs/product.md "Validation rules": nothing new is no save).
      if ((await ctx.saveNow()) === 'saved') showStatus('Note saved!');
    },
  },
  {
    name: 'copy',
    label: 'Copy',
    event: 'note.copied',
    icon: 'copy',
    async perform(ctx) {
      // Let a save the click started (editor blur) finish first, so its "Note saved!" does not replace "Copied to clipboard!".
      await ctx.saveNow();
      try {
        await ctx.services.clipboard.writeText(clipboardText(ctx.title, bodyText(ctx)));
      } catch (error) {
        console.error('NotePad: copy failed', error);
        editorToasts.copyFailed();
        return;
      }
      showStatus('Copied to clipboard!');
      editorToasts.copied();
      void ctx.log.append('note.copied', { id: ctx.noteId });
    },
  },
  {
    name: 'download',
    label: 'Download',
    event: 'note.downloaded',
    icon: 'download',
    perform(ctx) {
      ctx.services.downloader.download(noteFileName(ctx.title, 'html'), htmlFile(ctx), EXPORT_FILE_TYPES.html.mimeType);
      editorToasts.downloaded();
      void ctx.log.append('note.downloaded', { id: ctx.noteId });
    },
  },
  {
    name: 'star',
    label: 'Star',
    activeLabel: 'Unstar',
    isActive: (s) => s.starred,
    event: 'note.starred',
    icon: 'star',
    perform(ctx) {
      void ctx.log.append(ctx.starred ? 'note.unstarred' : 'note.starred', { id: ctx.noteId });
      showStatus(ctx.starred ? 'Note unstarred' : 'Note starred');
    },
  },
  {
    name: 'export',
    label: 'Export',
    event: 'note.exported',
    icon: 'export',
    options: EXPORT_FORMATS.map((f) => ({ value: f, label: EXPORT_FILE_TYPES[f].label })),
    perform(ctx, format) {
      if (format && (EXPORT_FORMATS as readonly string[]).includes(format)) exportNote(ctx, format as ExportFormat);
    },
  },
  {
    name: 'new-tab',
    label: 'New Tab',
    event: 'editor.command',
    icon: 'newTab',
    perform(ctx) {
      ctx.services.opener.openInNewTab(ctx.services.appUrl());
      logCommand(ctx, 'new-tab');
    },
  },
  {
    name: 'email',
    label: 'Send by e-mail',
    event: 'note.emailed',
    icon: 'email',
    perform(ctx) {
      ctx.services.opener.openMailDraft(mailDraftUrl(ctx.title, bodyText(ctx)));
      editorToasts.emailOpened();
      void ctx.log.append('note.emailed', { id: ctx.noteId });
    },
  },
  {
    name: 'calendar',
    label: 'Save to calendar',
    event: 'note.calendar-opened',
    icon: 'calendar',
    perform(ctx) {
      const selected = selectedText(ctx.editor).trim();
      ctx.services.opener.openInNewTab(calendarEventUrl(ctx.title, selected || bodyText(ctx), ctx.services.now()));
      editorToasts.calendarOpened();
      void ctx.log.append('note.calendar-opened', { id: ctx.noteId });
    },
  },
  {
    name: 'create-task',
    label: 'Create task',
    event: 'task.created',
    icon: 'task',
    perform(ctx) {
      const task = selectedText(ctx.editor).trim();
      if (!task) {
        editorToasts.noSelectionForTask();
        return;
      }
      ctx.services.opener.openInNewTab(taskUrl(ctx.services.taskToolUrl, ctx.title, task, ctx.services.now()));
      editorToasts.taskCreated();
      void ctx.log.append('task.created', { id: ctx.noteId, task });
    },
  },
  {
    name: 'record',
    label: 'Start recording',
    activeLabel: 'Stop recording',
    isActive: (s) => s.recording,
    event: 'recording.started',
    icon: 'microphone',
    // The recording machine appends recording.started / recording.stopped.
    perform: (ctx) => ctx.toggleRecording(),
  },
  {
    name: 'summarize',
    label: 'Summarize',
    event: 'summary.requested',
    icon: 'summarize',
    // The AI helpers append their own events (summary.requested ...).
    perform: (ctx) => ctx.ai.summarize(),
  },
  {
    name: 'find-resources',
    label: 'Find resources',
    event: 'resources.requested',
    icon: 'resources',
    perform: (ctx) => ctx.ai.findResources(),
  },
];
