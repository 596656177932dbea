import { rmSync } from 'node:fs';
import pg from 'pg';
import { PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV, testServerUrl } from './template-env';

/** jest's globalTeardown: removes the run's template database made by global-setup.ts. */
export default async function globalTeardown(): Promise<void> {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (file) rmSync(file, { force: true });
  const name = process.env[POSTGRES_TEMPLATE_ENV];
  if (name) {
    const admin = new pg.Client({ connectionString: testServerUrl() });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  }
}
