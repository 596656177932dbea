#!/usr/bin/env node
// Runs the whole jest suite on PGlite and, when DATABASE_URL is set, on PostgreSQL: both runs at once,
// each with half the workers, their lines prefixed with the database's name. A run alone leaves cores
// idle while its last long files finish and while PostgreSQL's side does the work; side by side, the
// other run fills them. UC_TEST_SERIAL=1 runs them one after the other with every worker each (the
// output of one run at a time, as before).
// Each test file copies the run's migrated template database (src/test/global-setup.ts).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const jest = join(dirname(createRequire(join(root, 'package.json')).resolve('jest/package.json')), 'bin', 'jest.js');
const extra = process.argv.slice(2);
// PGlite's CommonJS build loads its WebAssembly parts with import(), which jest allows only with this flag.
const nodeFlags = ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning'];

const runs = ['pglite'];
if (process.env.DATABASE_URL) runs.push('postgres');
else console.log('DATABASE_URL is not set: skipping the PostgreSQL run (set it to postgres://user@host:5432/db to include it)');
const together = runs.length > 1 && process.env.UC_TEST_SERIAL !== '1';
// jest.config.mjs's maxWorkers is for one run alone; side by side each gets its share (at least 2:
// a PostgreSQL file's worker mostly waits on the server).
const workers = extra.some((a) => a.startsWith('--maxWorkers') || a === '-w' || a === '--runInBand' || a === '-i')
  ? []
  : together
    ? [`--maxWorkers=${Math.max(2, Math.floor((availableParallelism() * 1.5) / runs.length))}`]
    : [];

/** Runs jest on `db`; resolves whether it passed. Side by side, each line of its output says which run it is. */
function run(db) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...nodeFlags, jest, ...workers, ...extra], {
      cwd: root,
      stdio: together ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, UC_TEST_DB: db },
    });
    if (together) {
      const label = `[${db}]`.padEnd(11);
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ])
        createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`${label}${line}\n`));
    }
    child.on('error', (err) => {
      console.error(`${db}: could not start jest: ${err.message}`);
      resolve(false);
    });
    child.on('close', (code) => resolve(code === 0));
  });
}

const results = [];
if (together) {
  console.log(`\n=== server tests on ${runs.join(' and ')}, side by side ===`);
  const passed = await Promise.all(runs.map(run));
  runs.forEach((db, i) => results.push({ db, ok: passed[i] }));
} else {
  for (const db of runs) {
    console.log(`\n=== server tests on ${db} ===`);
    results.push({ db, ok: await run(db) });
  }
}
console.log('\nServer test runs:');
for (const r of results) console.log(`  ${r.db.padEnd(8)} ${r.ok ? 'passed' : 'FAILED'}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
