/**
 * Layers that only point down (docs/architecture.md "Layers", "What the layers may import, checked"). `npm run lint`
 * runs this check; any violation fails the run.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A module that imports itself through others cannot be read, tested or moved alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-infrastructure-below-modules',
      comment: 'db/ and platform/ are what modules stand on: they never import a module.',
      severity: 'error',
      from: { path: '^apps/server/src/(db|platform)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'server-modules-through-public-file',
      comment:
        'A server module uses another only through its index.ts, which lists what it offers; tests may reach inside.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: '(\\.test|test-support|testkit)\\.ts$' },
      to: {
        path: '^apps/server/src/modules/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'domain-has-no-io',
      comment:
        'packages/domain is pure rules shared by server, web and code page: no Node built-ins, no apps.',
      severity: 'error',
      from: { path: '^packages/domain/src/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^(apps/|packages/code-page/)|^node:|^(fs|path|crypto|os|child_process|http|net)$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'web-lib-at-the-bottom',
      comment:
        'apps/web/src/lib holds the services every screen uses (API client, session, paths, snackbar, realtime): it imports no component layer.',
      severity: 'error',
      from: { path: '^apps/web/src/lib/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/(app|features|ui)/' },
    },
    {
      name: 'web-ui-below-app-and-features',
      comment: 'apps/web/src/ui holds shared parts: it may use lib/, never app/ or a feature.',
      severity: 'error',
      from: { path: '^apps/web/src/ui/' },
      to: { path: '^apps/web/src/(app|features)/' },
    },
    {
      name: 'web-features-below-app',
      comment:
        'app/ is the composition (router, shells, cross-feature notices): features are mounted by it and never import it; tests may render the router.',
      severity: 'error',
      from: { path: '^apps/web/src/features/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-features-independent',
      comment:
        'A feature never imports another feature; what two share moves to ui/ (components) or lib/ (services).',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
