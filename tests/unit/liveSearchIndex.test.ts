// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { htmlSearchText } from '../../src/ui/sidebar/liveSearchIndex';

describe('visible text of stored HTML for search', () => {
  it('keeps the text, decodes entities and separates block elements', () => {
    const text = htmlSearchText('<div><p>Fish &amp; <b>chi</b>ps</p><p>next</p></div><ul><li>one</li><li>two<br>three</li></ul>');
    expect(text.split(/\s+/).filter(Boolean)).toEqual(['Fish', '&', 'chips', 'next', 'one', 'two', 'three']);
  });

  it('leaves out text a reader never sees and attribute values', () => {
    const text = htmlSearchText('<style>p{color:red}</style><p title="hidden words">shown</p><script>var secret = 1</script>');
    expect(text.trim()).toBe('shown');
  });
});
