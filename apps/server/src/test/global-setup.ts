import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV, testDbKind } from './template-env';

/*
 * jest's globalSetup: migrates and seeds one database for the run (make-template.ts, in a child
 * process) and names it to the workers, which start with it set in their environment. Every test file's
 * database is then a copy (test-database.ts, openSeededTestDatabase) instead of 45 migrations and a
 * seed of its own. global-teardown.ts removes it.
 */
export default async function globalSetup(): Promise<void> {
  const tsx = pathToFileURL(require.resolve('tsx')).href;
  const script = join(__dirname, 'make-template.ts');
  const id = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const kind = testDbKind();
  const target = kind === 'pglite' ? join(tmpdir(), `uc-test-template-${id}.tar`) : `uc_test_template_${id}`;
  await promisify(execFile)(process.execPath, ['--import', tsx, script, kind, target], { cwd: join(__dirname, '..', '..'), maxBuffer: 16 * 1024 * 1024 }).catch(
    (err: Error & { stderr?: string }) => {
      throw new Error(`Could not make the tests' template database (${kind}): ${err.stderr?.trim() || err.message}`);
    },
  );
  process.env[kind === 'pglite' ? PGLITE_TEMPLATE_ENV : POSTGRES_TEMPLATE_ENV] = target;
}
