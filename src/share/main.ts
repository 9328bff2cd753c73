/**
 * The shared note's page (docs/product.md "Share a note", docs/sync.md "Shared links"): reads the
 * link (`/s/<id>#<key>`), fetches the sealed copy from this host without credentials, asks for the
 * password when the link has one, opens the copy in the browser and shows the note read-only. The
 * key never leaves the page: the fragment is not sent with any request. A separate entry of the
 * build: it loads none of the app.
 */
import type { SealedShare, ShareAnswer } from '../../catalog/share';
import { openShare, ShareOpenError, type SharedNote } from '../services/share/shareOpen';
import { renderNoteBody } from './renderNote';
import { VIEWER_TEXT } from './viewerText';
import './viewer.css';

const main = document.querySelector<HTMLElement>('main.share-page')!;

/** Show a plain message in place of the note (nothing of the note is shown with it). */
function say(text: string, kind: 'status' | 'alert' = 'alert'): void {
  const line = document.createElement('p');
  line.className = kind === 'alert' ? 'share-message' : 'share-status';
  line.setAttribute('role', kind);
  line.textContent = text;
  main.replaceChildren(line);
  main.removeAttribute('aria-busy');
}

/** The link's share id and key, or null when the address is not a whole link. */
function readLink(): { id: string; key: string } | null {
  const id = /^\/s\/([A-Za-z0-9_-]{22})\/?$/.exec(location.pathname)?.[1];
  const key = location.hash.slice(1);
  return id && /^[A-Za-z0-9_-]{43}$/.test(key) ? { id, key } : null;
}

/** The copy of share `id` from this host, or the message to show instead. */
async function fetchCopy(id: string): Promise<SealedShare | string> {
  let response: Response;
  try {
    response = await fetch(`/functions/v1/sync/share?id=${encodeURIComponent(id)}`, { credentials: 'omit', cache: 'no-store' });
  } catch {
    return VIEWER_TEXT.unreachable;
  }
  if (response.status === 404) return VIEWER_TEXT.stopped;
  if (response.status === 410) return VIEWER_TEXT.expired;
  if (response.status === 429) return VIEWER_TEXT.busy;
  if (!response.ok) return VIEWER_TEXT.unreachable;
  try {
    return ((await response.json()) as ShareAnswer).share;
  } catch {
    return VIEWER_TEXT.unreachable;
  }
}

/** The note, read-only: its title, when it last changed, its body. */
function showNote(note: SharedNote): void {
  const article = document.createElement('article');
  article.className = 'share-note';
  const title = document.createElement('h1');
  title.textContent = note.title;
  const meta = document.createElement('p');
  meta.className = 'share-meta';
  const when = document.createElement('time');
  when.dateTime = note.modified;
  const modified = new Date(note.modified);
  when.textContent = Number.isNaN(modified.getTime())
    ? note.modified
    : new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' }).format(modified);
  meta.append(`${VIEWER_TEXT.changed} `, when);
  const body = document.createElement('div');
  body.className = 'share-body';
  body.append(renderNoteBody(note.html));
  article.append(title, meta, body);
  main.replaceChildren(article);
  main.removeAttribute('aria-busy');
  document.title = `${note.title} · NotePad`;
}

/** The message for a copy that did not open (never anything of the note). */
function failure(error: unknown): string {
  if (error instanceof ShareOpenError) return error.reason === 'newer' ? VIEWER_TEXT.newer : VIEWER_TEXT.damaged;
  return VIEWER_TEXT.damaged;
}

/** Ask for the link's password until it opens the copy. */
function askPassword(id: string, key: string, copy: SealedShare): void {
  const form = document.createElement('form');
  form.className = 'share-password';
  form.noValidate = true;
  const heading = document.createElement('h1');
  heading.textContent = VIEWER_TEXT.passwordTitle;
  const label = document.createElement('label');
  label.textContent = VIEWER_TEXT.passwordLabel;
  const input = document.createElement('input');
  input.type = 'password';
  input.autocomplete = 'off';
  input.required = true;
  label.append(input);
  const error = document.createElement('p');
  error.className = 'share-message';
  error.setAttribute('role', 'alert');
  const button = document.createElement('button');
  button.type = 'submit';
  button.textContent = VIEWER_TEXT.open;
  form.append(heading, label, error, button);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!input.value) return input.focus();
    button.disabled = true;
    button.textContent = VIEWER_TEXT.checking;
    error.textContent = '';
    openShare(id, key, copy, input.value).then(showNote, (caught: unknown) => {
      button.disabled = false;
      button.textContent = VIEWER_TEXT.open;
      if (caught instanceof ShareOpenError && caught.reason === 'wrong-password') {
        error.textContent = VIEWER_TEXT.wrongPassword;
        input.select();
      } else say(failure(caught));
    });
  });
  main.replaceChildren(form);
  main.removeAttribute('aria-busy');
  input.focus();
}

async function start(): Promise<void> {
  const link = readLink();
  if (!link) return say(VIEWER_TEXT.incomplete);
  const copy = await fetchCopy(link.id);
  if (typeof copy === 'string') return say(copy);
  if (copy.kdf) return askPassword(link.id, link.key, copy);
  try {
    showNote(await openShare(link.id, link.key, copy, null));
  } catch (error) {
    say(failure(error));
  }
}

void start();
