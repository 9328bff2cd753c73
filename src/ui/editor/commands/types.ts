import type { EventLog } from '../../../events/eventLog';
import type { EventType } from '../../../../catalog';
import type { ClipboardService } from '../../../services/clipboard';
import type { FileDownloader } from '../../../services/download';
import type { LinkOpener } from '../../../services/links';
import type { Printer } from '../../../services/print';
import type { NoteEditor } from '../schema';
import type { IconName } from '../icons';

/** The outside world the editor commands use; the browser's in the app, doubles in tests. */
export interface EditorServices {
  clipboard: ClipboardService;
  downloader: FileDownloader;
  opener: LinkOpener;
  printer: Printer;
  /** The current time (calendar and task dates, inserted date). */
  now(): Date;
  /** Ask the user for a line of text (window.prompt); null when cancelled. */
  ask(message: string, defaultValue?: string): string | null;
  /** The app's own address (New Tab). */
  appUrl(): string;
  /** Base address of the task tool (VITE_TASK_TOOL_URL or its default). */
  taskToolUrl: string;
}

/** What a command acts on: the shown note's editor and id, the log, the services and a few UI hooks. */
export interface CommandContext {
  editor: NoteEditor;
  noteId: string;
  title: string;
  starred: boolean;
  log: EventLog;
  services: EditorServices;
  /** Flush the autosave now (see NoteEditorHandle). */
  saveNow(): Promise<'saved' | 'failed'>;
  /** Open the image file picker. */
  pickImage(): void;
  /** Start or stop voice recording. */
  toggleRecording(): void;
  /** The AI helpers (useAiHelpers), owned by the AI helpers issue. */
  ai: { summarize(): void; findResources(): void };
}

/** What the toolbar shows a command's state from. */
export interface CommandState {
  styles: Record<string, unknown>;
  starred: boolean;
  recording: boolean;
}

/**
 * An editor command (docs/architecture.md "Commands"): its name (the `command` of
 * editor.command events), the label that is also its accessible name, its shortcut, the event type
 * it appends, and `perform`. The toolbar, the header, the keyboard handler, the shortcuts dialog
 * and the command-list tests all read the same objects.
 */
export interface EditorCommand {
  name: string;
  label: string;
  /** The label while `isActive` (Unstar, Stop recording); a changing label replaces aria-pressed. */
  activeLabel?: string;
  /** Pressed state (Bold on), or which label to show when `activeLabel` is set. */
  isActive?(state: CommandState): boolean;
  /** The shortcut as shown in the shortcuts dialog, e.g. "Ctrl+B". */
  keys?: string;
  /** True when `event` is this command's shortcut. */
  matches?(event: KeyboardEvent): boolean;
  /** Where the shortcut works: only while typing in the note, or anywhere while a note is open. */
  shortcutIn?: 'editor' | 'pane';
  /** The event type this command appends when it acts. */
  event: EventType;
  icon: IconName;
  /** Choices of a menu command (font size, colour, export format); `perform` gets the chosen value. */
  options?: readonly { value: string; label: string; swatch?: string }[];
  /** The chosen option, for menus that show the current value. */
  currentOption?(state: CommandState): string | undefined;
  perform(ctx: CommandContext, option?: string): void | Promise<void>;
}

/** Append editor.command for `ctx`'s note. */
export function logCommand(ctx: Pick<CommandContext, 'log' | 'noteId'>, command: string, detail?: string): void {
  void ctx.log.append('editor.command', detail === undefined ? { id: ctx.noteId, command } : { id: ctx.noteId, command, detail });
}

/** True for Ctrl+`key` (Cmd on macOS) without Alt or Shift; `code` is KeyboardEvent.code, e.g. "KeyB". */
export function ctrl(code: string): (event: KeyboardEvent) => boolean {
  return (event) => (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.code === code;
}
