// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';
import { EventLog } from '../../src/events/eventLog';
import { createMemoryLogStorage } from '../../src/events/memoryLogStorage';
import { statusMessages$ } from '../../src/ui/feedback';
import { flushAutosave, showNoteOf } from '../../src/ui/editor/noteSave';
import { useNoteSave } from '../../src/ui/editor/useNoteSave';

afterEach(cleanup);

const NOTE = '1700000000001';

describe('the editor autosave hook (docs/product.md "States and transitions")', () => {
  it('saves what the latest capture gives when flushed, says "Note saved!", and skips an unchanged body silently', async () => {
    const log = new EventLog({ storage: createMemoryLogStorage() });
    await log.load();
    await log.append('note.created', { id: NOTE, title: 'Untitled Note' });
    const said: string[] = [];
    const sub = statusMessages$.subscribe((message) => said.push(message));
    const { result, rerender } = renderHook(({ html }) => useNoteSave(log, () => ({ html, blocks: [] })), {
      initialProps: { html: '<p>first</p>' },
    });
    const { autosave, shown } = result.current;
    showNoteOf(shown, NOTE, log.state);
    rerender({ html: '<p>typed</p>' });
    expect(result.current.autosave).toBe(autosave);
    autosave.send({ type: 'editor.input', noteId: NOTE });
    expect(await flushAutosave(autosave)).toBe('saved');
    expect(log.state.notes.bodies[NOTE]?.html).toBe('<p>typed</p>');
    expect(said).toEqual(['Note saved!']);
    autosave.send({ type: 'editor.input', noteId: NOTE });
    expect(await flushAutosave(autosave)).toBe('saved');
    expect(said).toEqual(['Note saved!']);
    sub.unsubscribe();
  });
});
