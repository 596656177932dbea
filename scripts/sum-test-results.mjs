// Adds up the passed/failed counts that jest ("Tests: 3 failed, 90 passed, 93 total") and node's test
// runner ("ℹ pass 4", "ℹ fail 0") print, and prints them as one line: "tests: N passed, N failed".
import { readFileSync } from 'node:fs';

const text = readFileSync(process.argv[2], 'utf8');
let passed = 0;
let failed = 0;
for (const line of text.split('\n')) {
  const jest = line.match(/Tests:\s+(.*\d+ total)/);
  if (jest) {
    passed += Number(jest[1].match(/(\d+) passed/)?.[1] ?? 0);
    failed += Number(jest[1].match(/(\d+) failed/)?.[1] ?? 0);
    continue;
  }
  const pass = line.match(/ℹ pass (\d+)\s*$/);
  if (pass) passed += Number(pass[1]);
  const fail = line.match(/ℹ fail (\d+)\s*$/);
  if (fail) failed += Number(fail[1]);
}
console.log(`tests: ${passed} passed, ${failed} failed`);
