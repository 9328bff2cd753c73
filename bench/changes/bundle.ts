/**
 * What each candidate adds to the editor's chunk (docs/changes-spike.md): a production build
 * (Vite, minified) of only the code the candidate would import, with everything NotePad already
 * ships left out (BlockNote's own modules, ProseMirror, Tiptap, React, BlockNote's lib0), in KiB
 * raw and gzip (level 9, as the bench counts `js.initial.gzip`).
 */
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

const ENTRIES: { name: string; code: string }[] = [
  {
    name: '(a) live binding: yjs + y-prosemirror + @blocknote/core/yjs',
    code: "export { withCollaboration, yXmlFragmentToBlocks } from '@blocknote/core/yjs'; export { Doc, applyUpdateV2, encodeStateAsUpdateV2, mergeUpdatesV2 } from 'yjs';",
  },
  {
    name: "(a') updateYFragment: yjs + y-prosemirror",
    code: "export { updateYFragment, yXmlFragmentToProseMirrorRootNode } from 'y-prosemirror'; export { Doc, applyUpdateV2, encodeStateAsUpdateV2, mergeUpdatesV2 } from 'yjs';",
  },
  {
    name: "(a') block model: yjs + fast-diff",
    code: `export { YBlockDoc } from '${here('../../src/projections/changes/blockModel.ts')}'; export { applyUpdateV2, encodeStateAsUpdateV2, mergeUpdatesV2 } from 'yjs';`,
  },
  { name: '(c) diff-match-patch', code: `export { makePatch, applyPatch } from '${here('./textPatches.ts')}';` },
];

const ALREADY_SHIPPED = /^(react|react-dom|prosemirror-[a-z]+|@tiptap\/.*|@blocknote\/core)$/;

/** Minified and gzip bytes of each entry's code, NotePad's existing dependencies left out. */
export async function bundleSizes(): Promise<{ name: string; raw: number; gzip: number }[]> {
  const out: { name: string; raw: number; gzip: number }[] = [];
  for (const entry of ENTRIES) {
    const result = (await build({
      configFile: false,
      root: here('../..'),
      logLevel: 'silent',
      plugins: [
        {
          name: 'spike-entry',
          resolveId: (id) => (id.endsWith('spike-entry') ? '\0spike-entry' : null),
          load: (id) => (id === '\0spike-entry' ? entry.code : null),
        },
      ],
      build: {
        write: false,
        minify: true,
        target: 'es2022',
        lib: { entry: 'spike-entry', formats: ['es'], fileName: 'spike' },
        rollupOptions: {
          external: (id: string, importer: string | undefined) =>
            ALREADY_SHIPPED.test(id) ||
            // BlockNote's shared chunks and its own lib0 are in the app already; yjs brings a lib0 of its own.
            (!!importer && /@blocknote[\\/]core[\\/]dist/.test(importer) && (id.startsWith('./') || id.startsWith('lib0'))),
        },
      },
    })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
    const code = outputs
      .filter((o): o is Rollup.OutputChunk => o.type === 'chunk')
      .map((o) => o.code)
      .join('\n');
    out.push({ name: entry.name, raw: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length });
  }
  return out;
}
