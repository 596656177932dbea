// `pnpm test` after the build: the browser suite (e2e, the longest task: about 16 minutes of files run
// one after another) starts at once in one turbo run, while a second one runs every other package's
// tests two at a time. A single `turbo run test --concurrency=3` started e2e last, after a dozen jest
// suites, so the whole run lasted the jest suites plus the browser suite. --only: the builds are done.
import { spawn } from 'node:child_process';

const runs = [
  ['run', 'test', '--only', '--filter=@uc/e2e'],
  ['run', 'test', '--only', '--filter=!@uc/e2e', '--concurrency=2'],
];

const results = await Promise.all(
  runs.map(
    (args) =>
      new Promise((done) => {
        const started = Date.now();
        const child = spawn('turbo', args, { stdio: 'inherit' });
        child.on('exit', () => console.log(`\n[run-tests] turbo ${args.join(' ')}: ended after ${Math.round((Date.now() - started) / 1000)} s`));
        child.on('error', (error) => {
          console.error(`turbo ${args.join(' ')}: ${error.message}`);
          done(1);
        });
        child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
      }),
  ),
);
const failed = runs.filter((_, i) => results[i] !== 0).map((args) => `turbo ${args.join(' ')}`);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join('; ')} (each run's own summary above says which package)`);
  process.exit(1);
}
