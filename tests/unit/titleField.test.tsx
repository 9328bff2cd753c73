// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { TitleField, type TitleDraft } from '../../src/ui/TitleField';

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

describe('a title being typed handed from one field to the next (TitleDraft)', () => {
  /**
   * The new note's header and the editor's, as NotesApp swaps them: the editor's field opens only
   * while the draft is not done. Saving in the first field shows the second in the same commit, as when
   * the note is created while Enter is pressed.
   */
  function Handoff({ onSave }: { onSave: (title: string) => void }) {
    const [draft] = useState<TitleDraft>(() => ({ text: 'Untitled Note', selection: null, holder: null, done: false }));
    const [second, setSecond] = useState(false);
    return second ? (
      <p data-testid="second">
        <TitleField key="second" title="Pasted links" onSave={onSave} startEditing={!draft.done} draft={draft} />
      </p>
    ) : (
      <TitleField
        key="first"
        title="Untitled Note"
        startEditing
        draft={draft}
        onSave={(title) => {
          onSave(title);
          setSecond(true);
        }}
      />
    );
  }

  it('a title saved with Enter as the next field takes over is shown, not opened again', () => {
    const onSave = vi.fn();
    render(<Handoff onSave={onSave} />);
    const field = screen.getByRole('textbox', { name: 'Note title' });
    fireEvent.change(field, { target: { value: 'Pasted links' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onSave.mock.calls).toEqual([['Pasted links']]);
    expect(screen.queryByRole('textbox', { name: 'Note title' })).toBeNull();
    expect(screen.getByTestId('second').textContent).toBe('Pasted links');
  });
});
