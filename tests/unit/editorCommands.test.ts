// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { EDITOR_COMMANDS, HEADER_COMMANDS, TOOLBAR_GROUPS, command, commandForKey } from '../../src/ui/editor/commands';
import { EDITOR_SHORTCUTS } from '../../src/ui/shortcuts/editorShortcuts';
import { isEventType } from '../../catalog';

const key = (code: string, mods: Partial<KeyboardEvent> = {}) => new KeyboardEvent('keydown', { code, ctrlKey: true, ...mods });

describe('editor command list', () => {
  it('has unique names and labels, and every command appends an event of the catalog', () => {
    const names = EDITOR_COMMANDS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    const labels = EDITOR_COMMANDS.flatMap((c) => [c.label, ...(c.activeLabel ? [c.activeLabel] : [])]);
    expect(new Set(labels).size).toBe(labels.length);
    for (const c of EDITOR_COMMANDS) expect(isEventType(c.event), `${c.name} -> ${c.event}`).toBe(true);
  });

  it('gives the toolbar every control of docs/product.md "Toolbar" in its order, under the labels the tests and screen readers use', () => {
    expect(TOOLBAR_GROUPS.flat().map((name) => command(name).label)).toEqual([
      'Bold',
      'Italic',
      'Underline',
      'Font size',
      'Text colour',
      'Bullet list',
      'Numbered list',
      'Checklist',
      'Insert image',
      'Create link',
      'Insert table',
      'Insert date',
      'Save',
      'Copy',
      'Download',
      'Star',
      'Start recording',
      'Summarize',
      'Find resources',
      'Follow-up',
      'Create task',
    ]);
    expect(HEADER_COMMANDS.map((name) => command(name).label)).toEqual([
      'Export',
      'Star',
      'New Tab',
      'Copy',
      'Download',
      'Send by e-mail',
      'Save to calendar',
      'Create task',
      'Save',
    ]);
  });

  it("offers the product's font sizes, colours (exact hex) and the four export formats as menu choices", () => {
    expect(command('font-size').options).toEqual([
      { value: '0.75rem', label: 'Small' },
      { value: '1rem', label: 'Normal' },
      { value: '1.25rem', label: 'Large' },
      { value: '1.5rem', label: 'Extra Large' },
    ]);
    expect(command('text-colour').options!.map((o) => [o.label, o.value])).toEqual([
      ['Black', '#000000'],
      ['Purple', '#9b87f5'],
      ['Blue', '#0EA5E9'],
      ['Green', '#10B981'],
      ['Red', '#ea384c'],
      ['Orange', '#F97316'],
    ]);
    expect(command('export').options!.map((o) => [o.value, o.label])).toEqual([
      ['html', 'HTML'],
      ['markdown', 'Markdown'],
      ['text', 'Plain text'],
      ['pdf', 'PDF'],
    ]);
  });

  it('maps Ctrl+B, I, U, K and S to their commands and ignores other combinations', () => {
    expect(commandForKey(key('KeyB'))?.name).toBe('bold');
    expect(commandForKey(key('KeyI'))?.name).toBe('italic');
    expect(commandForKey(key('KeyU'))?.name).toBe('underline');
    expect(commandForKey(key('KeyK'))?.name).toBe('create-link');
    expect(commandForKey(key('KeyS'))?.name).toBe('save');
    expect(commandForKey(key('KeyS', { metaKey: true, ctrlKey: false }))?.name).toBe('save');
    expect(commandForKey(key('KeyB', { shiftKey: true }))).toBeUndefined();
    expect(commandForKey(key('KeyB', { altKey: true }))).toBeUndefined();
    expect(commandForKey(key('KeyB', { ctrlKey: false }))).toBeUndefined();
  });

  it("lists exactly the commands' shortcuts in the shortcuts dialog", () => {
    const fromCommands = EDITOR_COMMANDS.filter((c) => c.keys).map((c) => ({ label: c.label, keys: c.keys }));
    expect(fromCommands.map((c) => c.keys).sort()).toEqual(['Ctrl+B', 'Ctrl+I', 'Ctrl+K', 'Ctrl+S', 'Ctrl+U']);
    for (const shortcut of fromCommands) expect(EDITOR_SHORTCUTS).toContainEqual(shortcut);
  });
});
