#!/usr/bin/env node
// Runs the whole jest suite on PGlite, then again on PostgreSQL when DATABASE_URL is set.
// Each test file makes its own database (in-memory PGlite, or uc_test_<random> on the server).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const jest = join(dirname(createRequire(join(root, 'package.json')).resolve('jest/package.json')), 'bin', 'jest.js');
const extra = process.argv.slice(2);
// PGlite's CommonJS build loads its WebAssembly parts with import(), which jest allows only with this flag.
const nodeFlags = ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning'];

const runs = ['pglite'];
if (process.env.DATABASE_URL) runs.push('postgres');
else console.log('DATABASE_URL is not set: skipping the PostgreSQL run (set it to postgres://user@host:5432/db to include it)');

const results = [];
for (const db of runs) {
  console.log(`\n=== server tests on ${db} ===`);
  const r = spawnSync(process.execPath, [...nodeFlags, jest, ...extra], { cwd: root, stdio: 'inherit', env: { ...process.env, UC_TEST_DB: db } });
  results.push({ db, ok: r.status === 0 });
}
console.log('\nServer test runs:');
for (const r of results) console.log(`  ${r.db.padEnd(8)} ${r.ok ? 'passed' : 'FAILED'}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
