/**
 * `npm run lint:cycles` (docs/architecture.md "Rules a machine checks"): files that import each other
 * in a loop fail, type-only and dynamic imports included (tsPreCompilationDeps: a type import ties two
 * layers together as much as any other), resolved from tsconfig.json as tsc resolves them.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Files import each other in a loop: move what both need into a file of its own (docs/architecture.md "Rules a machine checks").',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|bench/dist)/' },
  },
};
