import { useCallback } from 'react';
import { filterSuggestionItems, SuggestionMenu } from '@blocknote/core/extensions';
import {
  getDefaultReactSlashMenuItems,
  SuggestionMenuController,
  useBlockNoteEditor,
  type DefaultReactSuggestionItem,
} from '@blocknote/react';
import { Icon } from '../icons';
import { LINK_TRIGGER } from './NoteLinkPicker';

/**
 * BlockNote's slash menu with one more item, "Link to note" (docs/product.md "Links between notes"),
 * which opens the link picker as typing `[[` does.
 */
export function NoteSlashMenu() {
  const editor = useBlockNoteEditor();
  const getItems = useCallback(
    async (query: string): Promise<DefaultReactSuggestionItem[]> =>
      filterSuggestionItems(
        [
          ...getDefaultReactSlashMenuItems(editor),
          {
            title: 'Link to note',
            subtext: 'Link to another note (or type [[)',
            aliases: ['link', 'note', 'wiki', '[['],
            group: 'Others',
            icon: <Icon name="link" />,
            onItemClick: () => editor.getExtension(SuggestionMenu)?.openSuggestionMenu(LINK_TRIGGER, { deleteTriggerCharacter: true }),
          },
        ],
        query,
      ),
    [editor],
  );
  return <SuggestionMenuController triggerCharacter="/" getItems={getItems} />;
}
