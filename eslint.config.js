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
  ['app', 'src'], // src/main.tsx and the rest of src/ outside the layers above
  ['functions', 'functions'],
  ['server', 'server'],
  ['catalog', 'catalog'],
  ['tests', 'tests'],
  ['bench', 'bench'],
  ['scripts', 'scripts'],
].map(([type, pattern]) => ({ type, pattern, partialMatch: false }));

const APP_LAYERS = ['events', 'projections', 'machines', 'services', 'ui', 'lib', 'importers', 'app'];

/** Import directions (docs/architecture.md "Import rules"); a broken one names the rule and the reason. */
const IMPORT_POLICIES = [
  {
    from: { element: { types: { anyOf: ['events', 'projections'] } } },
    disallow: { to: { element: { types: { anyOf: ['ui', 'machines', 'services'] } } } },
    message: 'src/events and src/projections are pure: they never import src/ui, src/machines or src/services.',
  },
  {
    from: { element: { type: 'machines' } },
    disallow: { to: { element: { type: 'ui' } } },
    message: 'src/machines never imports src/ui: components provide effects to machines, not the other way round.',
  },
  {
    from: { element: { type: 'lib' } },
    disallow: { to: { element: { types: { anyOf: APP_LAYERS.filter((type) => type !== 'lib') } } } },
    message: 'src/lib is neutral ground: it imports no other layer of the app.',
  },
  {
    from: { element: { type: 'importers' } },
    disallow: { to: { element: { types: { anyOf: APP_LAYERS.filter((type) => type !== 'lib' && type !== 'importers') } } } },
    message: 'src/importers are pure readers that run in a worker and in Node: they import packages, src/lib and src/importers only.',
  },
  {
    from: { element: { type: 'functions' } },
    disallow: { to: { element: { types: { anyOf: [...APP_LAYERS, 'server'] } } } },
    message: 'functions/ runs on Deno and edge hosts too: it never imports src/ or server/.',
  },
  {
    from: { element: { type: 'server' } },
    disallow: { to: { element: { types: { anyOf: APP_LAYERS } } } },
    message: 'server/ hosts functions/ (and catalog/) but never imports src/.',
  },
  {
    from: { element: { type: 'catalog' } },
    disallow: { to: { element: { types: { anyOf: [...APP_LAYERS, 'functions', 'server', 'tests', 'bench', 'scripts'] } } } },
    message: 'catalog/ is shared by the app and the sync server: it imports packages only.',
  },
];

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
