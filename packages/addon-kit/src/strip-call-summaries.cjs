// An rspack loader for the contract files of @uc/contracts in browser builds: a call's `summary` documents the
// API (the server's OpenAPI page) and no browser code reads it, yet every one of them would ride in the
// login page's code (the shell shares @uc/contracts whole). Each `summary: '…'` (a string literal, or
// literals joined by +) becomes `summary: ''`, and so does the summary a contract file's helper takes
// third, after the method and the path (`call('GET', 'view', '…', …)`). Anything else named summary (a
// zod field) is left alone.
const STRING = String.raw`'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|` + '`(?:[^`\\\\]|\\\\.)*`';
const JOINED = String.raw`(?:${STRING})(?:\s*\+\s*(?:${STRING}))*`;
const SUMMARY = new RegExp(String.raw`(\bsummary:\s*)${JOINED}`, 'g');
const THIRD = new RegExp(String.raw`(\b\w+\(\s*'(?:GET|POST)',\s*(?:${STRING}),\s*)${JOINED}`, 'g');

function stripCallSummaries(source) {
  return source.replace(SUMMARY, "$1''").replace(THIRD, "$1''");
}

module.exports = stripCallSummaries;
module.exports.stripCallSummaries = stripCallSummaries;
