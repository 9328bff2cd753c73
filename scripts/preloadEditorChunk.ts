import type { Plugin } from 'vite';

/** The module whose chunk holds the editor (BlockNote); the app imports it after its first paint. */
const EDITOR_MODULE = '/src/ui/editor/EditorPane.tsx';

/**
 * Lets the browser fetch and compile the editor's chunk, its imports and its styles while the first
 * screen loads, without running them (docs/architecture.md "Start-up order"): `modulepreload` links
 * in the app's index.html for the chunk of EDITOR_MODULE and every chunk it imports, and `preload`
 * links for their CSS. The app then imports it after the list is painted, and the import only
 * evaluates. Build only; other HTML entries (the bench's baseline) are left alone.
 */
export function preloadEditorChunk(): Plugin {
  return {
    name: 'notepad-preload-editor',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, path }) {
        if (!bundle || path !== '/index.html') return html;
        const editor = Object.values(bundle).find((c) => c.type === 'chunk' && c.moduleIds.some((id) => id.endsWith(EDITOR_MODULE)));
        if (!editor || editor.type !== 'chunk') throw new Error(`preloadEditorChunk: no chunk for ${EDITOR_MODULE}`);
        const scripts: string[] = [];
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (!chunk || chunk.type !== 'chunk' || scripts.includes(fileName)) return;
          scripts.push(fileName);
          chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
          chunk.imports.forEach(visit);
        };
        visit(editor.fileName);
        const fresh = (file: string) => !html.includes(`/${file}"`);
        return [
          ...scripts.filter(fresh).map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...[...styles].filter(fresh).map((file) => ({
            tag: 'link',
            // crossorigin as Vite's own stylesheet link for the chunk, or the browser fetches it again.
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}
