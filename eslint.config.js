// ESLint flat config. What each block enforces, and why some type-checked rules are off, is in
// docs/architecture.md "Rules a machine checks"; `npm run lint` runs this with --max-warnings 0, then Prettier.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

/** The layers of docs/architecture.md "Import rules": each folder is one element. */
const ELEMENTS = [
  ['events', 'src/events'],
  ['projections', 'src/projections'],
  ['machines', 'src/machines'],
  ['services', 'src/services'],
  ['ui', 'src/ui'],
  ['lib', 'src/lib'],
  ['importers', 'src/importers'],
  ['exporters', 'src/exporters'],
  ['share', 'src/share'],
  ['app', 'src'], // src/main.tsx and the rest of src/ outside the layers above
  ['functions', 'functions'],
  ['server', 'server'],
  ['catalog', 'catalog'],
  ['tests', 'tests'],
  ['bench', 'bench'],
  ['scripts', 'scripts'],
].map(([type, pattern]) => ({ type, pattern, partialMatch: false }));

/**
 * The drawing of docs/architecture.md "Import rules", arrow by arrow: the layers each layer may import
 * (besides packages and itself), and why. Every other arrow between these layers is an error; tests,
 * bench and scripts may import anything. `tests/unit/importRules.test.ts` holds the doc's table to it.
 */
export const LAYER_IMPORTS = {
  app: {
    may: ['ui', 'services', 'events', 'lib', 'catalog'],
    why: 'src/main.tsx starts the app: it wires the log, the services and the UI.',
  },
  ui: {
    may: ['machines', 'services', 'events', 'projections', 'exporters', 'importers', 'lib', 'catalog'],
    why: 'src/ui renders projections, appends events through its commands and effects, runs machines and calls services.',
  },
  machines: {
    may: ['lib', 'catalog'],
    why: 'src/machines get their effects provided: they declare what they need (the interface of a service) and import no service or UI.',
  },
  services: {
    may: ['machines', 'events', 'projections', 'importers', 'lib', 'catalog'],
    why: 'src/services are adapters with effects: they may append to the log and provide effects to machines, never import src/ui.',
  },
  events: {
    may: ['projections', 'lib', 'catalog'],
    why: 'src/events is the log: it folds with projections and imports no effects of the app.',
  },
  projections: { may: ['importers', 'lib', 'catalog'], why: 'src/projections are pure folds: they import no log, service, machine or UI.' },
  exporters: { may: ['projections', 'lib', 'catalog'], why: 'src/exporters turn notes into files: pure, they read projections only.' },
  importers: {
    may: ['lib'],
    why: 'src/importers are pure readers that run in a worker and in Node: they import packages and src/lib only.',
  },
  share: {
    may: ['services', 'lib', 'catalog'],
    why: 'src/share is a shared note’s page, a build entry of its own: it opens the copy with the services’ share code and loads nothing of the app.',
  },
  lib: { may: [], why: 'src/lib is neutral ground: it imports no other layer.' },
  catalog: { may: [], why: 'catalog/ is shared by the app and the sync server: it imports packages only.' },
  functions: { may: ['catalog'], why: 'functions/ runs on Deno and edge hosts too: it imports catalog/ only.' },
  server: { may: ['functions', 'catalog'], why: 'server/ hosts functions/ (and catalog/) but never imports src/.' },
};

const LAYERS = Object.keys(LAYER_IMPORTS);

/** Import directions (docs/architecture.md "Import rules"); a broken one names the rule and the reason. */
const IMPORT_POLICIES = Object.entries(LAYER_IMPORTS).flatMap(([layer, { may, why }]) => {
  const forbidden = LAYERS.filter((other) => other !== layer && !may.includes(other));
  return forbidden.length
    ? [{ from: { element: { type: layer } }, disallow: { to: { element: { types: { anyOf: forbidden } } } }, message: why }]
    : [];
});

/** The one module that may touch Web Storage (docs/architecture.md "Storage rules"). */
const WEB_STORAGE_ADAPTER = 'src/services/webStorage.ts';
const STORAGE_MESSAGE = `Web Storage is reached only through ${WEB_STORAGE_ADAPTER} (docs/architecture.md "Storage rules").`;

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      'bench/dist/**',
      'data/**',
      'public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['eslint.config.js'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are deliberate (tsc's noUnusedLocals reports the rest too).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // An async function without await is how an interface method that returns a Promise turns a throw into a
      // rejection (the in-memory log, fakes, machine actors); the rule would ask for Promise.resolve wrappers instead.
      '@typescript-eslint/require-await': 'off',
      // Services and hooks hand out plain objects of closures (no `this`); the rule cannot tell them from class
      // methods, and every destructured `send` or `onLoaded` would need a wrapper.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Tests and benchmarks read JSON from pages, responses and fixtures, whose shape is what they assert.
    files: ['tests/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // IndexedDB requests reject with their `error`, a DOMException typed as possibly null.
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      // The two classic hook rules. The React Compiler rules of the plugin's recommended set (refs, immutability,
      // set-state-in-effect, ...) are off: NotePad is not built with the compiler, and they flag the latest-value
      // refs its components rely on.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ELEMENTS,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', policies: IMPORT_POLICIES }],
    },
  },
  {
    // One way to reach user feedback (docs/architecture.md "User feedback").
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/ui/feedback/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/feedback/*'], message: 'Import user feedback from src/ui/feedback (its index): one API.' }],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'functions/**/*.ts', 'server/**/*.ts', 'catalog/**/*.ts'],
    ignores: [WEB_STORAGE_ADAPTER],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'localStorage', message: STORAGE_MESSAGE },
        { name: 'sessionStorage', message: STORAGE_MESSAGE },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'localStorage', message: STORAGE_MESSAGE },
        { object: 'window', property: 'sessionStorage', message: STORAGE_MESSAGE },
        { object: 'globalThis', property: 'localStorage', message: STORAGE_MESSAGE },
        { object: 'globalThis', property: 'sessionStorage', message: STORAGE_MESSAGE },
        { object: 'self', property: 'localStorage', message: STORAGE_MESSAGE },
        { object: 'self', property: 'sessionStorage', message: STORAGE_MESSAGE },
      ],
    },
  },
  prettier,
);
