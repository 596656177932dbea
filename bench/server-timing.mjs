// Preloaded into the server by overload.ts (NODE_OPTIONS=--import): how long each HTTP request spent
// inside the server, from its request event to the end of its response, written to UC_BENCH_TIMINGS at
// exit as "epoch-ms status ms" lines. Beside the client's figures it tells time in the server (what the
// request limit controls) from time before the server read the request (kernel, load generator, CPU).
import { writeFileSync } from 'node:fs';
import http from 'node:http';

const rows = [];
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res) {
  if (event === 'request') {
    const start = performance.now();
    res.once('finish', () => rows.push(`${Date.now()} ${res.statusCode} ${(performance.now() - start).toFixed(2)}`));
  }
  return emit.apply(this, arguments);
};
process.on('exit', () => {
  if (process.env.UC_BENCH_TIMINGS) writeFileSync(process.env.UC_BENCH_TIMINGS, rows.join('\n'));
});
