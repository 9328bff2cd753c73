import {
  BlockTypeSelect,
  FileCaptionButton,
  FileDeleteButton,
  FileDownloadButton,
  FilePreviewButton,
  FileRenameButton,
  FileReplaceButton,
  FormattingToolbar,
  FormattingToolbarController,
  NestBlockButton,
  TableCellMergeButton,
  TextAlignButton,
  UnnestBlockButton,
} from '@blocknote/react';

/**
 * BlockNote's floating selection toolbar, trimmed to what NotePad's fixed toolbar lacks: block type
 * (headings, quote ...), file and table tools, alignment and nesting. Bold/italic/underline,
 * colours and links live in the fixed toolbar only: BlockNote's colour palette is not NotePad's (docs/product.md "Constants"),
 * and its link button would skip NotePad's URL check. It opens below the selection so it never
 * covers the fixed toolbar above the note.
 */
export function NoteFloatingToolbar() {
  return (
    <FormattingToolbarController
      floatingUIOptions={{ useFloatingOptions: { placement: 'bottom-start' } }}
      formattingToolbar={() => (
        <FormattingToolbar>
          <BlockTypeSelect key="blockTypeSelect" />
          <TableCellMergeButton key="tableCellMergeButton" />
          <FileCaptionButton key="fileCaptionButton" />
          <FileReplaceButton key="replaceFileButton" />
          <FileRenameButton key="fileRenameButton" />
          <FileDeleteButton key="fileDeleteButton" />
          <FileDownloadButton key="fileDownloadButton" />
          <FilePreviewButton key="filePreviewButton" />
          <TextAlignButton textAlignment="left" key="textAlignLeftButton" />
          <TextAlignButton textAlignment="center" key="textAlignCenterButton" />
          <TextAlignButton textAlignment="right" key="textAlignRightButton" />
          <NestBlockButton key="nestBlockButton" />
          <UnnestBlockButton key="unnestBlockButton" />
        </FormattingToolbar>
      )}
    />
  );
}
