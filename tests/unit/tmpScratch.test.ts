// @vitest-environment jsdom
import { it } from 'vitest';
import { conversionTools } from './importHarness';

it('scratch', async () => {
  const tools = await conversionTools();
  for (const md of [
    '> **Tip**\n>\n> body line\n> more',
    '> **Tip**\\\n> body line\n> more',
    '> **Tip**\n> body line\n>\n> second para\n> > nested\n> > more',
    '> **Outer**\n>\n> outer body\n>\n> > **Inner**\n> >\n> > inner body',
    '> **Tip**\n>\n> - item 1\n> - item 2',
  ]) {
    const html = tools.markdownToHtml(md);
    const blocks = tools.parseHtml(tools.clean(html));
    console.log(JSON.stringify(md), '\n', html, '\n', JSON.stringify(blocks.map((b: any) => [b.type, b.content?.map?.((c: any) => c.text + JSON.stringify(c.styles)), b.children?.map((c: any) => [c.type, c.content?.map?.((x: any) => x.text)])])));
  }
});
