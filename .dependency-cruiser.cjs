/**
 * Module boundaries (issue 5 §4), checked in CI by `npm run lint:deps`:
 * no import cycles; a server module never imports another module's repository (it calls that
 * module's service); the web app's features never import the app shell (app/ may import features).
 * Cycles between whole modules (folders) are checked by scripts/check-module-cycles.mjs.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make modules impossible to reason about or load in isolation. Type-only imports ' +
        'vanish at run time; tables that reference each other (lazy drizzle references) are one schema.',
      from: { path: '^(apps|packages)/', pathNot: '^apps/server/src/db/schema/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-cross-module-repo',
      severity: 'error',
      comment: 'Only a module touches its own tables: call the other module\'s service instead. Which schema tables ' +
        'a module may import or name in raw SQL (and the listed exceptions, each with its reason) is checked by ' +
        'scripts/check-table-ownership.mjs, run by `npm run lint`.',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: { path: '^apps/server/src/modules/[^/]+/[^/]+\\.repo\\.ts$', pathNot: '^apps/server/src/modules/$1/' },
    },
    {
      name: 'no-features-to-app',
      severity: 'error',
      comment: 'features/ are used by the app shell, never the other way round (STYLE.md layout).',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'], conditionNames: ['import', 'types', 'default'] },
  },
};
