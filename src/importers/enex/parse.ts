/*
 * ENEX as an XML stream (docs/architecture.md "Import from other apps"): saxes is fed decoded chunks and
 * hands back each `<note>` as a RawNote when it closes, so memory holds one note with its resources, not
 * the file. A field past its limit stops collecting and is marked, so one huge note cannot fill memory.
 */
import { SaxesParser } from 'saxes';
import type { ImportLimits } from '../neutralNotes';

/** A `<resource>` as the file holds it: base64 text, not decoded yet. */
export interface RawResource {
  data: string;
  /** The base64 text passed the attachment limit and was not kept. */
  tooLarge: boolean;
  mime: string;
  fileName: string;
  /** The `<recognition>` document (its `objID` names the resource when the hash cannot). */
  recognition: string;
}

/** A `<task>` of the current editor's task groups. */
export interface RawTask {
  title: string;
  status: string;
  groupId: string;
  sortWeight: string;
}

/** A `<note>` as the file holds it. */
export interface RawNote {
  title: string;
  content: string;
  /** The ENML passed the note limit and was not kept. */
  tooLarge: boolean;
  hasContent: boolean;
  created: string;
  updated: string;
  tags: string[];
  sourceUrl: string;
  resources: RawResource[];
  tasks: RawTask[];
}

/** Where in a note each kept field lies (element names from `<note>` down). */
type Field =
  | 'title'
  | 'content'
  | 'created'
  | 'updated'
  | 'tag'
  | 'source-url'
  | 'data'
  | 'mime'
  | 'file-name'
  | 'recognition'
  | 'task-title'
  | 'task-status'
  | 'task-group'
  | 'task-weight';

const FIELDS: Record<string, Field> = {
  'note/title': 'title',
  'note/content': 'content',
  'note/created': 'created',
  'note/updated': 'updated',
  'note/tag': 'tag',
  'note/note-attributes/source-url': 'source-url',
  'note/resource/data': 'data',
  'note/resource/mime': 'mime',
  'note/resource/resource-attributes/file-name': 'file-name',
  'note/resource/recognition': 'recognition',
  'note/task/title': 'task-title',
  'note/task/taskStatus': 'task-status',
  'note/task/taskGroupNoteLevelID': 'task-group',
  'note/task/sortWeight': 'task-weight',
};

/** Why the XML stopped being an Evernote export, with the line it stopped at. */
export class EnexSyntaxError extends Error {}

function emptyNote(): RawNote {
  return {
    title: '',
    content: '',
    tooLarge: false,
    hasContent: false,
    created: '',
    updated: '',
    tags: [],
    sourceUrl: '',
    resources: [],
    tasks: [],
  };
}

/**
 * Feeds ENEX text to saxes and collects notes. `collect` false only counts notes (planning); true keeps
 * each note's fields for `onNote`. Throws EnexSyntaxError from `write`/`close` when the XML breaks or
 * the root is not `<en-export>`.
 */
export class EnexParser {
  private readonly parser = new SaxesParser({ position: true });
  private readonly path: string[] = [];
  private note: RawNote | null = null;
  private field: Field | null = null;
  private buffer = '';
  private bufferLimit = Infinity;
  private overLimit = false;
  private rootSeen = false;
  /** Notes closed so far. */
  count = 0;

  constructor(
    private readonly collect: boolean,
    private readonly limits: ImportLimits,
    private readonly onNote: (note: RawNote) => void = () => undefined,
  ) {
    this.parser.on('opentag', (tag) => this.open(tag.name));
    this.parser.on('closetag', (tag) => this.close(tag.name));
    this.parser.on('text', (text) => this.append(text));
    this.parser.on('cdata', (text) => this.append(text));
    this.parser.on('error', (error) => {
      throw new EnexSyntaxError(error.message);
    });
  }

  /** Parses the next chunk of text; notes that close in it reach `onNote` before it returns. */
  write(chunk: string): void {
    this.parser.write(chunk);
  }

  /** Ends the document; throws when it is incomplete (a cut file) or held no `<en-export>`. */
  end(): void {
    this.parser.close();
    if (this.path.length > 0 || this.rootSeen === false) throw new EnexSyntaxError('the file ends before the export does');
  }

  private open(name: string): void {
    if (this.path.length === 0) {
      if (name !== 'en-export') throw new EnexSyntaxError(`its root element is <${name}>, not Evernote's <en-export>`);
      this.rootSeen = true;
    }
    this.path.push(name);
    if (this.path.length === 2 && name === 'note') {
      this.note = emptyNote();
      return;
    }
    if (!this.collect || !this.note) return;
    const key = this.path.slice(1).join('/');
    if (key === 'note/resource') this.note.resources.push({ data: '', tooLarge: false, mime: '', fileName: '', recognition: '' });
    if (key === 'note/task') this.note.tasks.push({ title: '', status: '', groupId: '', sortWeight: '' });
    if (key === 'note/content') this.note.hasContent = true;
    const field = FIELDS[key] ?? null;
    if (field) this.startField(field);
  }

  private startField(field: Field): void {
    this.field = field;
    this.buffer = '';
    this.overLimit = false;
    // Base64 takes 4 characters per 3 bytes; a little room for line breaks.
    if (field === 'data') this.bufferLimit = Math.ceil((this.limits.maxAttachmentBytes * 4) / 3) * 1.1 + 1024;
    else if (field === 'content') this.bufferLimit = this.limits.maxNoteBytes;
    else this.bufferLimit = 64 * 1024;
  }

  private append(text: string): void {
    if (!this.field || this.overLimit) return;
    if (this.buffer.length + text.length > this.bufferLimit) {
      this.overLimit = true;
      this.buffer = '';
      return;
    }
    this.buffer += text;
  }

  private close(name: string): void {
    if (this.field && this.note) this.endField(this.note, this.field);
    this.field = null;
    this.path.pop();
    if (this.path.length === 1 && name === 'note') {
      this.count += 1;
      const note = this.note;
      this.note = null;
      if (this.collect && note) this.onNote(note);
    }
  }

  private endField(note: RawNote, field: Field): void {
    const text = this.buffer;
    this.buffer = '';
    const resource = note.resources[note.resources.length - 1];
    const task = note.tasks[note.tasks.length - 1];
    switch (field) {
      case 'title':
        note.title = text.trim();
        break;
      case 'content':
        note.content = text;
        note.tooLarge = this.overLimit;
        break;
      case 'created':
        note.created = text.trim();
        break;
      case 'updated':
        note.updated = text.trim();
        break;
      case 'tag':
        if (text.trim()) note.tags.push(text.trim());
        break;
      case 'source-url':
        note.sourceUrl = text.trim();
        break;
      case 'data':
        resource.data = text;
        resource.tooLarge = this.overLimit;
        break;
      case 'mime':
        resource.mime = text.trim();
        break;
      case 'file-name':
        resource.fileName = text.trim();
        break;
      case 'recognition':
        resource.recognition = text;
        break;
      case 'task-title':
        task.title = text.trim();
        break;
      case 'task-status':
        task.status = text.trim();
        break;
      case 'task-group':
        task.groupId = text.trim();
        break;
      case 'task-weight':
        task.sortWeight = text.trim();
        break;
    }
  }
}
