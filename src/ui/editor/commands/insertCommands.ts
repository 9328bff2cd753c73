// By subpath, and lightFormat, not format: the editor's chunk holds only these functions, not date-fns' locale tables (scripts/firstScreenChunks.ts).
import { lightFormat } from 'date-fns/lightFormat';
import { loadPurifier } from '../../../services/purifier';
import { editorToasts } from '../../feedback';
import { linkSelection, selectedText } from '../commandSelection';
import { insertBlockAtCursor } from '../insertBlock';
import { LINK_PROMPT, parseLinkInput } from '../linkInput';
import { TABLE_DEFAULT_INPUT, TABLE_MAX_COLS, TABLE_MAX_ROWS, TABLE_PROMPT, emptyTableContent, parseTableInput } from '../tableInput';
import { ctrl, logCommand, type EditorCommand } from './types';

/** Format of "Insert date" (docs/product.md "Constants": MM/dd/yy). */
const INSERTED_DATE_FORMAT = 'MM/dd/yy';

/** Commands that insert something into the note (docs/product.md "Toolbar", "Validation rules"). */
export const INSERT_COMMANDS: EditorCommand[] = [
  {
    name: 'insert-image',
    label: 'Insert image',
    event: 'editor.command',
    icon: 'image',
    // The picker's change handler inserts the image and logs the command (see EditorToolbar).
    perform: (ctx) => ctx.pickImage(),
  },
  {
    name: 'create-link',
    label: 'Create link',
    keys: 'Ctrl+K',
    matches: ctrl('KeyK'),
    shortcutIn: 'editor',
    event: 'editor.command',
    icon: 'link',
    async perform(ctx) {
      const answer = ctx.services.ask(LINK_PROMPT, ctx.editor.getSelectedLinkUrl() ?? '');
      // The answer is checked with DOMPurify's URI policy, which loads on first use (kept off the first load).
      if (answer?.trim()) await loadPurifier();
      const input = parseLinkInput(answer);
      if (input.kind === 'cancel') return;
      if (input.kind === 'refused') {
        editorToasts.linkRefused(input.reason);
        return;
      }
      // Without selected text the address itself is inserted as the link's text.
      if (selectedText(ctx.editor)) linkSelection(ctx.editor, input.href);
      else ctx.editor.createLink(input.href, input.href);
      logCommand(ctx, 'create-link');
    },
  },
  {
    name: 'insert-table',
    label: 'Insert table',
    event: 'editor.command',
    icon: 'table',
    perform(ctx) {
      const input = parseTableInput(ctx.services.ask(TABLE_PROMPT, TABLE_DEFAULT_INPUT));
      if (input.kind === 'cancel') return;
      if (input.kind === 'invalid') return void editorToasts.invalidTable();
      if (input.kind === 'too-large') return void editorToasts.tableTooLarge(TABLE_MAX_ROWS, TABLE_MAX_COLS);
      insertBlockAtCursor(ctx.editor, { type: 'table', content: emptyTableContent(input.rows, input.cols) });
      logCommand(ctx, 'insert-table', `${input.rows},${input.cols}`);
    },
  },
  {
    name: 'insert-date',
    label: 'Insert date',
    event: 'editor.command',
    icon: 'date',
    perform(ctx) {
      ctx.editor.insertInlineContent(lightFormat(ctx.services.now(), INSERTED_DATE_FORMAT), { updateSelection: true });
      editorToasts.dateInserted();
      logCommand(ctx, 'insert-date');
    },
  },
];
