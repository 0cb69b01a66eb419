// Import boundaries checked by `npm test` (`npx depcruise` reads this file). See docs/architecture.md.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import cycles: a cycle makes load order and ownership unclear. A type-only import is erased, so a ' +
        "rules module may take its type from its sibling schema module (the web's first screen needs the rules " +
        'without zod, docs/performance.md).',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'domain-imports-no-app',
      severity: 'error',
      comment: 'packages/domain holds the shared rules; it knows nothing of the server or the web.',
      from: { path: '^packages/domain/' },
      to: { path: '^(apps|e2e|scripts)/' },
    },
    {
      name: 'feature-public-surface',
      severity: 'error',
      comment:
        "A web feature uses another feature only through that feature's index.ts. Tests and fixtures may reach another feature's fixtures.",
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: '[.]test[.]tsx?$|/testing/|-fixtures[.]ts$' },
      to: {
        path: '^apps/web/src/features/([^/]+)/.+',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index[.]ts$'],
      },
    },
    {
      name: 'shared-web-code-imports-no-feature',
      severity: 'error',
      comment:
        'components/ and lib/ sit below the features: they never import a feature (tests included). What several ' +
        'features share moves down to lib/ (or components/ui for pure UI). Loops between feature folders are ' +
        'refused by scripts/check-feature-cycles.mjs (same `npm run check:imports`).',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'app-uses-feature-surface',
      severity: 'error',
      comment: 'The app shell (router, layout, area list) uses a feature only through its index.ts or its pages.',
      from: { path: '^apps/web/src/app/', pathNot: '[.]test[.]tsx?$|/testing/' },
      to: {
        path: '^apps/web/src/features/[^/]+/.+',
        pathNot: ['^apps/web/src/features/[^/]+/index[.]ts$', '^apps/web/src/features/[^/]+/pages/'],
      },
    },
    {
      name: 'server-modules-through-services',
      severity: 'error',
      comment:
        "A server module reaches another module only through that module's service (never its repository or routes).",
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: '[.]test[.]ts$' },
      to: {
        path: '^apps/server/src/modules/([^/]+)/.+',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/[^/]+[.]service[.]ts$'],
      },
    },
    {
      name: 'production-not-demo',
      severity: 'error',
      comment:
        'The demo (its fakes, starters, data builders and entry, apps/server/src/demo/) is not production code: no ' +
        'production server file imports it, so dist/server.js holds none of it (apps/server/test/built-server.test.ts ' +
        'checks the bundle). Tests, the bench, scripts and e2e may use it. See docs/architecture.md, "Demo fakes".',
      from: { path: '^apps/server/src/', pathNot: ['^apps/server/src/demo/', '[.]test[.]ts$'] },
      to: { path: '^apps/server/src/demo/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The web and the server share code only through packages/domain.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data)/|^apps/server/src/db/migrations/' },
    // Type-only imports count too: a type cycle is still a cycle in the design.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
