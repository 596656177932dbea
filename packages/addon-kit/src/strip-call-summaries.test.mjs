import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { createRequire } from 'node:module';

const stripCallSummaries = createRequire(import.meta.url)('./strip-call-summaries.cjs');
const contracts = fileURLToPath(new URL('../../contracts/src/', import.meta.url));

describe('strip-call-summaries', () => {
  it('empties the summaries, joined literals and quotes inside them included, and leaves zod fields named summary', () => {
    const source = [
      "const a = defineCall({ method: 'GET', path: '/x', summary: 'It\\'s \"quoted\"', data });",
      "const b = defineCall({\n  summary:\n    'Long text ' +\n    `and more`,\n  data,\n});",
      "const c = call('POST', 'edit', 'Creates a user; roles limited.', schema, { body });",
      "const d = call(\n  'GET',\n  `${BASE}/view`,\n  'One user ' + 'in two parts.',\n  schema,\n);",
      'const f = z.object({ summary: z.string().max(200) });',
    ].join('\n');
    assert.equal(
      stripCallSummaries(source),
      [
        "const a = defineCall({ method: 'GET', path: '/x', summary: '', data });",
        "const b = defineCall({\n  summary:\n    '',\n  data,\n});",
        "const c = call('POST', 'edit', '', schema, { body });",
        "const d = call(\n  'GET',\n  `${BASE}/view`,\n  '',\n  schema,\n);",
        'const f = z.object({ summary: z.string().max(200) });',
      ].join('\n'),
    );
  });

  it("leaves no call's summary in the contract files of @uc/contracts and every other line as it was", () => {
    for (const file of fs.readdirSync(contracts).filter((f) => f.endsWith('.contract.ts'))) {
      const source = fs.readFileSync(path.join(contracts, file), 'utf8');
      const stripped = stripCallSummaries(source);
      // Every defineCall's summary is gone: what is left after `summary:` is '' or not a string.
      for (const m of stripped.matchAll(/\bsummary:\s*(['"`])/g)) {
        assert.equal(stripped.slice(m.index + m[0].length - 1, m.index + m[0].length + 1), "''", `${file}: a summary is left`);
      }
      // Only string literals were touched: the code around them is unchanged.
      const code = (text) => text.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, 'S').replace(/S(\s*\+\s*S)*/g, 'S');
      assert.equal(code(stripped), code(source), file);
    }
  });
});
