/**
 * Texts of the AI helpers (docs/product.md "Side panels", "AI helpers", "Messages"); the offline
 * texts are NotePad's own.
 */
export const AI_TEXT = {
  recapTitle: 'Note Recap',
  resourcesTitle: 'AI-Suggested Resources',
  resourcesDescription: 'Relevant links and resources based on your note content',
  resourcesEmpty: 'No resources found for the current content.',
  noContent: 'No content',
  noTextToSummarize: 'There is no text to summarize.',
  noContentForResources: 'Please add some content to your note first.',
  noTextSelected: 'No text selected',
  summarizingAll: 'No text selected. Summarizing all content.',
  summaryErrorTitle: 'Error',
  summaryFailed: 'Failed to generate summary. Please try again.',
  resourcesFailed: 'Failed to find resources. Please try again.',
  bulletsFailed: 'Failed to convert to bullet points. Please try again.',
  formatChanged: 'Format changed',
  recapInserted: 'Recap inserted',
  offlineTitle: "You're offline",
  offlineDescription: "The AI helpers need a connection. Your note is unchanged; try again when you're back online.",
  summarizing: 'Summarizing…',
  converting: 'Converting to bullet points…',
  finding: 'Finding resources…',
  insertRecap: 'Insert recap',
  retry: 'Retry',
  /** Heading of the recap block placed at the top of the note. */
  insertedHeading: 'Recap',
} as const;
