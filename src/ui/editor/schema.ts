import { BlockNoteSchema, defaultInlineContentSpecs, defaultStyleSpecs } from '@blocknote/core';
import { colorStyle, followUpStyle, fontSizeStyle } from './styles';
import { noteLinkSpec } from './noteLink/noteLinkSpec';

/**
 * NotePad's editor schema: BlockNote's default blocks and inline content, plus the styles NotePad
 * needs that BlockNote lacks (follow-up highlight, the four font sizes, the six exact colours) and
 * links to other notes (docs/architecture.md "Links between notes").
 */
export const noteSchema = BlockNoteSchema.create({
  inlineContentSpecs: { ...defaultInlineContentSpecs, noteLink: noteLinkSpec },
  styleSpecs: { ...defaultStyleSpecs, followUp: followUpStyle, fontSize: fontSizeStyle, color: colorStyle },
});

/** A BlockNote editor with NotePad's schema. */
export type NoteEditor = typeof noteSchema.BlockNoteEditor;
/** A block of a NotePad note. */
export type NoteBlock = typeof noteSchema.Block;
