// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { TitleField } from '../../src/ui/TitleField';

afterEach(cleanup);

/** The title field as the editor header mounts it for a new note: editing at once. */
function renderEditing(onSave: (title: string) => void) {
  return render(<TitleField title="Untitled Note" onSave={onSave} startEditing />);
}

describe('the title field (docs/product.md "States and transitions")', () => {
  it('opens focused with the title selected, and Enter saves the trimmed new title once', () => {
    const onSave = vi.fn();
    renderEditing(onSave);
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Note title' });
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'Untitled Note'.length]);
    fireEvent.change(field, { target: { value: '  Groceries ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onSave.mock.calls).toEqual([['Groceries']]);
    expect(screen.queryByRole('textbox', { name: 'Note title' })).toBeNull();
  });

  it('saves what was typed when the field goes away while edited, as a blur would', () => {
    const onSave = vi.fn();
    const { unmount } = renderEditing(onSave);
    fireEvent.change(screen.getByRole('textbox', { name: 'Note title' }), { target: { value: 'Typed, then the note changed' } });
    unmount();
    expect(onSave.mock.calls).toEqual([['Typed, then the note changed']]);
  });

  it('saves nothing when it goes away after Escape, with an unchanged or an empty title', () => {
    for (const [value, key] of [
      ['Never saved', 'Escape'],
      ['Untitled Note', null],
      ['   ', null],
    ] as const) {
      const onSave = vi.fn();
      const { unmount } = renderEditing(onSave);
      const field = screen.getByRole('textbox', { name: 'Note title' });
      fireEvent.change(field, { target: { value } });
      if (key) fireEvent.keyDown(field, { key });
      unmount();
      expect(onSave, `${value} ${key}`).not.toHaveBeenCalled();
    }
  });
});
