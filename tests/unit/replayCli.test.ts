import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildLogFile } from '../../src/events/logFile';
import { loadChainEngine } from '../../src/projections/changes/chainEngine';
import { foldNotes } from '../../src/projections/foldNotes';
import { EMPTY_NOTES } from '../../src/projections/notesState';
import { toStorageKeys } from '../../src/projections/storageKeys';
import { ev } from './helpers';
import { ChangesDevice, noteEvent, para, wholeHtml } from '../support/changesDevice';

const TSX = join(process.cwd(), 'node_modules/.bin/tsx');
const CLI = join(process.cwd(), 'scripts/replay-log.ts');
const dir = mkdtempSync(join(tmpdir(), 'notepad-replay-'));
const events = [
  ev('note.created', { id: '1700000000001', title: 'First' }),
  ev('note.body-saved', { id: '1700000000001', html: '<p>one</p>' }),
  ev('note.created', { id: '1700000000002', title: 'Second' }),
  ev('note.starred', { id: '1700000000002' }),
  ev('notebook.created', { notebook: 'nb-replay-001', name: 'Work', parent: null }),
  ev('notebook.created', { notebook: 'nb-replay-002', name: 'Projects', parent: 'nb-replay-001' }),
  ev('note.filed', { id: '1700000000001', notebook: 'nb-replay-002' }),
  ev('note.tagged', { id: '1700000000001', tag: 'q3/plans' }),
  ev('note.tagged', { id: '1700000000002', tag: 'q3' }),
];
const logPath = join(dir, 'log.json');
writeFileSync(logPath, JSON.stringify(buildLogFile(events, null, new Date('2026-11-22T00:00:00Z'))));
const run = (...args: string[]) => spawnSync(TSX, [CLI, ...args], { encoding: 'utf8' });

describe('replay command line', () => {
  it('prints the localStorage keys the projection gives, the same bytes every time', () => {
    const first = execFileSync(TSX, [CLI, logPath], { encoding: 'utf8' });
    expect(JSON.parse(first)).toEqual(toStorageKeys(foldNotes(EMPTY_NOTES, events)));
    expect(execFileSync(TSX, [CLI, logPath], { encoding: 'utf8' })).toBe(first);
  });

  it('prints one note with --note and an earlier state with --until', () => {
    expect(JSON.parse(run(logPath, '--note', '1700000000001').stdout)).toBe('<p>one</p>');
    const early = JSON.parse(run(logPath, '--until', String(events[1].seq)).stdout);
    expect(Object.keys(early)).toEqual(['notes', 'linkedNotes', 'note_1700000000001']);
  });

  it('prints the notebooks and tags with their notes with --organisation', () => {
    expect(JSON.parse(run(logPath, '--organisation').stdout)).toEqual({
      notebooks: [
        { path: 'Work', notes: [] },
        { path: 'Work / Projects', notes: ['1700000000001'] },
      ],
      tags: [
        { path: 'q3', notes: ['1700000000002'] },
        { path: 'q3/plans', notes: ['1700000000001'] },
      ],
    });
  });

  it('fails with a reason on a bad file, an unknown note or bad arguments', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"format":"notepad-event-log","version":1,"events":[{"v":1}]}');
    const invalid = run(bad);
    expect(invalid.status).toBe(1);
    expect(invalid.stderr).toMatch(/Event 1 of 1 is invalid/);
    expect(run(logPath, '--note', '42').status).toBe(2);
    expect(run().status).toBe(2);
    expect(run(logPath, '--until', 'soon').status).toBe(2);
  });
});

describe('replay command line over saves as changes', () => {
  it('prints the keys of a log whose note two devices changed offline, merged as the app merges them', async () => {
    const id = '1764230400000';
    const blocks = [para('b1', 'One.'), para('b2', 'Two.')];
    const created = noteEvent('note.created', { id, title: 'Merged' }, 'device-aaaaaaaa');
    const saved = noteEvent('note.body-saved', { id, html: wholeHtml(blocks), blocks, base: created.id }, 'device-aaaaaaaa');
    const a = new ChangesDevice('device-aaaaaaaa', id, blocks, saved.id).save([para('b1', 'One, from A.'), blocks[1]]);
    const b = new ChangesDevice('device-bbbbbbbb', id, blocks, saved.id).save([blocks[0], para('b2', 'Two, from B.')]);
    const changes = [created, saved, a, b];
    const path = join(dir, 'changes.json');
    writeFileSync(path, JSON.stringify(buildLogFile(changes, null, new Date('2026-11-27T00:00:00Z'))));
    await loadChainEngine();
    const expected = toStorageKeys(foldNotes(EMPTY_NOTES, changes));
    expect(expected[`note_${id}`]).toBe(wholeHtml([para('b1', 'One, from A.'), para('b2', 'Two, from B.')]));
    expect(JSON.parse(execFileSync(TSX, [CLI, path], { encoding: 'utf8' }))).toEqual(expected);
  });
});
