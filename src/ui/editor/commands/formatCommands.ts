import { FONT_SIZES, TEXT_COLORS } from '../styleValues';
import { applyList, type ListType } from '../listItems';
import type { NoteBlock } from '../schema';
import { editorToasts } from '../../feedback';
import { selectedText, toggleStyle } from '../commandSelection';
import { ctrl, logCommand, type CommandContext, type EditorCommand } from './types';

/** The rem value of "Normal" (docs/product.md "Constants": code 3, 1 rem): choosing it removes the size style. */
const NORMAL_FONT_SIZE = FONT_SIZES.find((f) => f.label === 'Normal')!.rem;

function toggleMark(name: 'bold' | 'italic' | 'underline', label: string, key: string): EditorCommand {
  return {
    name,
    label,
    keys: `Ctrl+${key}`,
    matches: ctrl(`Key${key}`),
    shortcutIn: 'editor',
    event: 'editor.command',
    icon: name,
    isActive: (s) => s.styles[name] === true,
    perform(ctx) {
      toggleStyle(ctx.editor, name);
      logCommand(ctx, name);
    },
  };
}

/** The selected top-level blocks, or the block with the cursor. */
function selectedBlocks(ctx: CommandContext): NoteBlock[] {
  return ctx.editor.getSelection()?.blocks ?? [ctx.editor.getTextCursorPosition().block];
}

function listCommand(name: string, label: string, type: ListType, icon: EditorCommand['icon']): EditorCommand {
  return {
    name,
    label,
    event: 'editor.command',
    icon,
    perform(ctx) {
      const blocks = selectedBlocks(ctx);
      const replacement = applyList(blocks, type);
      const { insertedBlocks } = ctx.editor.replaceBlocks(blocks, replacement as never);
      const last = insertedBlocks.at(-1);
      if (last) ctx.editor.setTextCursorPosition(last, 'end');
      logCommand(ctx, name);
    },
  };
}

/** Text formatting commands of the toolbar (docs/product.md "Toolbar", "States and transitions", "Validation rules", "Constants"). */
export const FORMAT_COMMANDS: EditorCommand[] = [
  toggleMark('bold', 'Bold', 'B'),
  toggleMark('italic', 'Italic', 'I'),
  toggleMark('underline', 'Underline', 'U'),
  {
    name: 'font-size',
    label: 'Font size',
    event: 'editor.command',
    icon: 'fontSize',
    options: FONT_SIZES.map((f) => ({ value: f.rem, label: f.label })),
    currentOption: (s) => (typeof s.styles.fontSize === 'string' ? s.styles.fontSize : NORMAL_FONT_SIZE),
    perform(ctx, rem) {
      if (!rem) return;
      if (rem === NORMAL_FONT_SIZE) ctx.editor.removeStyles({ fontSize: rem });
      else ctx.editor.addStyles({ fontSize: rem });
      logCommand(ctx, 'font-size', rem);
    },
  },
  {
    name: 'text-colour',
    label: 'Text colour',
    event: 'editor.command',
    icon: 'textColour',
    options: TEXT_COLORS.map((c) => ({ value: c.hex, label: c.label, swatch: c.hex })),
    currentOption: (s) => (typeof s.styles.color === 'string' ? s.styles.color : undefined),
    perform(ctx, hex) {
      if (!hex) return;
      ctx.editor.addStyles({ color: hex });
      logCommand(ctx, 'text-colour', hex);
    },
  },
  listCommand('bullet-list', 'Bullet list', 'bulletListItem', 'bulletList'),
  listCommand('numbered-list', 'Numbered list', 'numberedListItem', 'numberedList'),
  listCommand('checklist', 'Checklist', 'checkListItem', 'checklist'),
  {
    name: 'follow-up',
    label: 'Follow-up',
    event: 'editor.command',
    icon: 'followUp',
    isActive: (s) => s.styles.followUp === true,
    perform(ctx) {
      if (!selectedText(ctx.editor).trim()) {
        editorToasts.noSelectionForFollowUp();
        return;
      }
      const on = toggleStyle(ctx.editor, 'followUp');
      logCommand(ctx, 'follow-up', on ? 'on' : 'off');
    },
  },
];
