// The import rules of .dependency-cruiser.cjs catch what they are for: each probe file breaks one
// rule and must be reported under that rule's name (a rule whose path pattern stops matching after a
// move would otherwise pass silently). Run by `pnpm lint`.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const config = require(join(ROOT, '.dependency-cruiser.cjs'));
const { cruise } = await import('dependency-cruiser');

/** Each probe: a file (repository path), its text, and the rule it must break. */
const PROBES = [
  ['apps/org/src/features/user/zz-probe-a.ts', "import '../dept/dept-page';", 'features-stay-apart'],
  ['apps/org/src/features/user/zz-probe-b.ts', "import '../../app/zz-probe-app';", 'features-not-app'],
  ['apps/org/src/zz-probe-c.ts', "import '../../permission/src/index';", 'apps-stay-apart'],
  ['apps/org/src/zz-probe-d.ts', "import '@uc/permission';", 'resolvable'],
  ['apps/server/src/lib/zz-probe-e.ts', "import '../modules/auth/token';", 'server-lib-not-modules'],
  ['apps/server/src/db/zz-probe-f.ts', "import '../modules/auth/token';", 'server-db-not-modules'],
  ['apps/server/src/modules/post/zz-probe.routes.ts', "import { sql } from 'drizzle-orm';\nexport const q = sql`select 1`;", 'server-routes-no-sql'],
  ['apps/server/src/modules/post/zz-probe.service.ts', "import { posts } from '../../db/schema';\nexport const t = posts;", 'server-services-no-sql'],
  [
    'apps/server/src/modules/post/zz-probe.repository.ts',
    "import { badRequest } from '../../lib/errors';\nexport const r = badRequest;",
    'server-repositories-no-refusals',
  ],
  ['apps/server/src/zz-probe-g.ts', "import '../../../packages/ui/src/index';", 'server-takes-only-contracts'],
  ['packages/contracts/src/zz-probe-h.ts', "import '../../client/src/index';", 'contracts-bottom-layer'],
  ['packages/client/src/zz-probe-i.ts', "import '../../ui/src/index';", 'client-below-ui'],
  ['packages/ui/src/zz-probe-j.ts', "import '../../testing/src/index';", 'client-testing-only-in-tests'],
  ['packages/ui/src/zz-probe-k.ts', "import '../../../apps/org/src/index';", 'packages-not-apps'],
  ['apps/org/src/zz-probe-cycle-1.ts', "import './zz-probe-cycle-2';\nexport const one = 1;", 'no-cycles'],
];
// Written too, but not required to be reported: a cycle is reported once, from where the walk met it.
const EXTRA = [
  ['apps/org/src/app/zz-probe-app.ts', 'export {};'],
  ['apps/org/src/zz-probe-cycle-2.ts', "import { one } from './zz-probe-cycle-1';\nexport const two = one + 1;"],
];

test('every import rule reports the probe that breaks it, by name', async () => {
  const written = [...PROBES, ...EXTRA].map(([path, text]) => {
    const file = join(ROOT, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${text}\n`);
    return file;
  });
  try {
    const result = await cruise(
      PROBES.map(([path]) => path),
      { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden }, baseDir: ROOT },
    );
    const found = result.output.summary.violations.map((v) => `${v.from} ${v.rule.name}`);
    for (const [path, , rule] of PROBES) assert.ok(found.includes(`${path} ${rule}`), `${path} should break ${rule}; reported: ${found.join('; ')}`);
  } finally {
    for (const file of written) rmSync(file, { force: true });
  }
});
