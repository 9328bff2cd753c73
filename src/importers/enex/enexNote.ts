/*
 * One ENEX note as an ImportedNote (docs/product.md "What each format keeps"): its resources decoded and
 * matched, its ENML rewritten, its dates read, the notebook (the file's name) and its tags kept as written.
 */
import { parseEnexDate } from '../dates';
import { formatBytes } from '../limits';
import { element, serialize, textNode } from '../html/dom';
import type { DroppedItem, ImportedAttachment, ImportLimits, ReaderItem } from '../neutralNotes';
import { EnmlError, enmlToHtml, mediaElement } from './enml';
import type { RawNote } from './parse';
import { decodeResource, type EnexResource } from './enexResources';

/** What every note of one ENEX file shares. */
export interface EnexFile {
  name: string;
  /** The file name without `.enex`: the notebook, as Evernote names a notebook's export. */
  notebook: string;
  /** The file's `lastModified` (ms), standing in for a date the note has wrong. */
  lastModified: number | null;
  limits: ImportLimits;
}

/** A note's date: parsed, or the file's date with the problem listed; null when the note has none. */
function noteDate(text: string, label: string, file: EnexFile, dropped: DroppedItem[]): number | null {
  if (!text) return null;
  const parsed = parseEnexDate(text);
  if (parsed !== null) return parsed;
  dropped.push({ item: `${label} "${text.slice(0, 40)}"`, reason: "not a valid date: the file's date is used instead" });
  return file.lastModified;
}

/** Decoded resources by the names `<en-media>` uses: MD5 first, recognition objID second. */
function resourceIndex(resources: EnexResource[]): Map<string, EnexResource> {
  const index = new Map<string, EnexResource>();
  for (const resource of resources) if (resource.objId && !index.has(resource.objId)) index.set(resource.objId, resource);
  for (const resource of resources) index.set(resource.hash, resource);
  return index;
}

/** `https://…` and `http://…` only: a source link a person can follow. */
function isWebUrl(url: string): boolean {
  return /^https?:\/\/\S+$/i.test(url);
}

/** The note, or the skipped item saying why it cannot come along (too large, damaged content). */
export function convertEnexNote(raw: RawNote, file: EnexFile): ReaderItem {
  const title = raw.title;
  if (raw.tooLarge)
    return { kind: 'skipped', skipped: { title, reason: `its text is larger than ${formatBytes(file.limits.maxNoteBytes)}` } };
  if (!raw.hasContent) return { kind: 'skipped', skipped: { title, reason: 'damaged in the export: it has no content' } };
  const dropped: DroppedItem[] = [];
  const resources: EnexResource[] = [];
  raw.resources.forEach((rawResource, i) => {
    const decoded = decodeResource(rawResource, i + 1, file.limits);
    if ('attachment' in decoded) resources.push(decoded);
    else dropped.push(decoded);
  });
  const index = resourceIndex(resources);
  const used = new Set<EnexResource>();
  let converted: { html: string; dropped: DroppedItem[] };
  try {
    converted = enmlToHtml(raw.content, {
      tasks: raw.tasks,
      resourceFor: (hash) => {
        const resource = index.get(hash);
        if (resource) used.add(resource);
        return resource;
      },
    });
  } catch (error) {
    const reason = error instanceof EnmlError ? error.message : 'its content cannot be read';
    return { kind: 'skipped', skipped: { title, reason: `damaged in the export: ${reason}` } };
  }
  let html = converted.html;
  // Resources no <en-media> shows still belong to the note: they come last, as Evernote lists them.
  const unplaced = resources.filter((resource) => !used.has(resource));
  if (unplaced.length) html += serialize(unplaced.map((resource) => element('p', {}, [mediaElement(resource)])));
  if (isWebUrl(raw.sourceUrl)) {
    html += serialize(element('p', {}, [textNode('Source: '), element('a', { href: raw.sourceUrl }, [textNode(raw.sourceUrl)])]));
  }
  const createdAt = noteDate(raw.created, 'creation date', file, dropped);
  const modifiedAt = raw.updated ? noteDate(raw.updated, 'last change date', file, dropped) : createdAt;
  const attachments: ImportedAttachment[] = resources.map((resource) => resource.attachment);
  const tags = [...new Set(raw.tags)];
  return {
    kind: 'note',
    note: {
      title,
      body: { format: 'html', text: html },
      createdAt,
      modifiedAt,
      tags,
      notebook: file.notebook ? [file.notebook] : [],
      starred: false,
      attachments,
      source: { app: 'evernote', file: file.name },
      dropped: [...dropped, ...converted.dropped],
    },
  };
}
