/**
 * Every text of the shared note's page (docs/product.md "Share a note"), in one place.
 */
export const VIEWER_TEXT = {
  opening: 'Opening the shared note…',
  incomplete: 'This link is incomplete. Ask for the whole link: the part after # is what opens the note.',
  stopped: 'This link does not work any more: its owner stopped sharing the note, or it never existed.',
  expired: 'This link has expired.',
  busy: 'Too many notes were opened from your network. Try again in a minute.',
  unreachable: 'The note could not be loaded. Check your connection and reload the page.',
  damaged: 'This link cannot open the note: check that it was copied whole.',
  newer: 'This note was shared by a newer version of NotePad. Reload the page to open it.',
  passwordTitle: 'This note is protected by a password',
  passwordLabel: 'Password',
  open: 'Open',
  checking: 'Opening…',
  wrongPassword: 'Wrong password.',
  changed: 'Last changed',
  done: 'Done',
  notDone: 'Not done',
} as const;
