// The architecture's import rules (issue 29, point 2), checked by dependency-cruiser in `pnpm lint`:
//   pnpm exec depcruise apps packages --ignore-known
// Imports are resolved as the build resolves them (workspace packages through their exports, TypeScript
// extensions), so a rule names real files. Each rule's comment is the message a violation prints: what
// to do instead.
//
// The server's layers (routes do HTTP, services hold the rules and refusals, repositories hold SQL,
// db/ knows no module) are enforced for every new file and import; the imports that broke them when
// the rules came in are listed in .dependency-cruiser-known-violations.json and may only go away
// (`pnpm lint:deps:baseline` writes the list again after a fix; it must never grow).
const SERVER = '^apps/server/src/';
const TEST = '(\\.test\\.tsx?$|/src/test/|\\.fixtures\\.ts$|/jest\\.(config|setup)\\.)';
const SQL = '(node_modules/.*/drizzle-orm/|^apps/server/src/db/schema)';
const REACT_OR_ANTD = 'node_modules/.*/(react|react-dom|react-router|react-router-dom|antd|@ant-design/[^/]+|zustand|ky)/';

module.exports = {
  forbidden: [
    {
      name: 'apps-stay-apart',
      comment:
        'An app must not import another app: apps deploy on their own. Share stateless code through packages/ (contracts, client, ui), or load what the other remote exposes at run time (@uc/client/exposed)',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'features-stay-apart',
      comment: "A feature must not import another feature: move what both need to the app's src/lib (or to a package, if it is nothing domain-specific)",
      severity: 'error',
      from: { path: '^apps/([^/]+)/src/features/([^/]+)/' },
      to: { path: '^apps/$1/src/features/', pathNot: '^apps/$1/src/features/$2/' },
    },
    {
      name: 'features-not-app',
      comment: 'A feature must not import from src/app (the app wires features, not the reverse): move what it needs to src/lib',
      severity: 'error',
      from: { path: '^apps/([^/]+)/src/features/' },
      to: { path: '^apps/$1/src/app/' },
    },
    {
      name: 'server-lib-not-modules',
      comment: "The server's src/lib is the framework the modules use and must not import them: move the code to lib, or the caller next to app.ts",
      severity: 'error',
      from: { path: `${SERVER}lib/`, pathNot: TEST },
      to: { path: `${SERVER}modules/` },
    },
    {
      name: 'server-db-not-modules',
      comment:
        "The server's src/db (connections, schema, migrations, seed) must not import a module: the module's repository reads and writes its tables; the seed calls nothing of the modules",
      severity: 'error',
      from: { path: `${SERVER}db/`, pathNot: TEST },
      to: { path: `${SERVER}modules/` },
    },
    {
      name: 'server-routes-no-sql',
      comment: "A routes file does HTTP only: the SQL goes in the module's repository (and the rule around it in its service)",
      severity: 'error',
      from: { path: `${SERVER}.*\\.routes\\.ts$` },
      to: { path: SQL },
    },
    {
      name: 'server-services-no-sql',
      comment: "A service holds the rules and refusals, not SQL: move the query to the module's repository and call it",
      severity: 'error',
      from: { path: `${SERVER}.*\\.service\\.ts$` },
      to: { path: SQL },
    },
    {
      name: 'server-repositories-no-refusals',
      comment: "A repository reads and writes rows; deciding to refuse is the service's: return what was found (or not) and let the service throw the refusal",
      severity: 'error',
      from: { path: `${SERVER}.*\\.repository\\.ts$` },
      to: { path: `${SERVER}lib/errors\\.ts$` },
    },
    {
      name: 'server-takes-only-contracts',
      comment:
        "The server may import only @uc/contracts of the console's packages: contracts and server messages live there; anything with React, a browser or a session does not belong in the server",
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^packages/', pathNot: '^packages/contracts/' },
    },
    {
      name: 'packages-not-apps',
      comment: 'A package must not import an app: packages are what apps build on, never the reverse',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'contracts-bottom-layer',
      comment:
        '@uc/contracts is the bottom layer: it imports no other package of the console and no React, antd or browser state (the server imports it; UI goes in @uc/ui, state in @uc/client)',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: [`^packages/(?!contracts/)`, REACT_OR_ANTD] },
    },
    {
      name: 'client-below-ui',
      comment:
        '@uc/client must not import @uc/ui, @uc/testing (outside its tests) or antd: the UI kit and the test helpers build on the client, and the login page loads the client without antd',
      severity: 'error',
      from: { path: '^packages/client/' },
      to: { path: ['^packages/ui/', 'node_modules/.*/(antd|@ant-design/[^/]+)/'] },
    },
    {
      name: 'client-testing-only-in-tests',
      comment: '@uc/client and @uc/ui import @uc/testing only in their tests',
      severity: 'error',
      from: { path: '^packages/(client|ui)/', pathNot: TEST },
      to: { path: '^packages/testing/' },
    },
    {
      name: 'resolvable',
      comment:
        "The import names nothing this package can reach: a file that does not exist, or a package missing from the importer's package.json (an app's own name, say, which the other rules would refuse anyway). Fix the path, or add the dependency where the layers allow it",
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-cycles',
      comment: 'Import cycle: move what the files share into a file both import, or make one import type-only',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Starting folders are walked, but not the apps' and packages' own node_modules links (imports resolve to real paths).
    exclude: { path: '(^|/)(dist|\\.turbo)/|^(apps|packages)/[^/]+/node_modules/|/templates/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
