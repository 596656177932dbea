/**
 * The user import at 10,000 rows on the embedded database (PGlite), issue 28 point 7: the real built
 * server as `pnpm start` runs it, the rows sent as the console sends them (parts of 500 rows, the
 * import call's MEMBER_IMPORT_MAX_ROWS, one call after another; empty password cells take the
 * import's initial password), printed beside the limit of 60 s. Each row names a department and a
 * post by code, a sex and a status, as a filled template does.
 *
 * A second, smaller run gives every row a password of its own: each is then hashed on its own with
 * argon2id (about 12 ms of CPU), which is what the initial password, hashed once per call, saves.
 *
 *   pnpm --filter @uc/server build && pnpm --filter @uc/bench user-import
 *
 * ROWS=10000 sets the first run's rows, OWN=1000 the second's (0 skips it).
 */
import { api, apiLogin, startServer } from '@uc/e2e/support/server';

const LIMIT_SECONDS = 60;
const PART = 500;
const ROWS = Number(process.env.ROWS ?? 10_000);
const OWN = Number(process.env.OWN ?? 1_000);

interface Answer {
  code: number;
  message: string;
  data: { imported: number; errors: { row: number; field: string; message: string }[] };
}

const server = await startServer();
try {
  const token = await apiLogin(server);
  await api(server, token, '/user/admin/dept/edit', { name: 'Bench Sales', code: 'bench-sales', sort: 0, status: 1 });
  await api(server, token, '/user/admin/post/edit', { name: 'Bench Engineer', code: 'bench-eng', sort: 0, status: 1 });

  /** Imports `count` rows part by part; returns the seconds it took and the slowest part. */
  const run = async (tag: string, count: number, ownPasswords: boolean) => {
    const rows = Array.from({ length: count }, (_, i) => ({
      row: i + 2,
      username: `${tag}${i}`,
      realName: `Bench ${i}`,
      mobile: `1${ownPasswords ? 5 : 3}${String(i).padStart(9, '0')}`,
      email: `${tag}${i}@example.com`,
      dept: 'bench-sales',
      post: 'bench-eng',
      sex: i % 2 ? '男' : '女',
      status: '启用',
      password: ownPasswords ? `own-password-${i}` : '',
      remark: '',
    }));
    const started = performance.now();
    let slowest = 0;
    let imported = 0;
    for (let at = 0; at < rows.length; at += PART) {
      const partStarted = performance.now();
      const res = await fetch(`${server.origin}/user/admin/member/import`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify({ rows: rows.slice(at, at + PART), initialPassword: 'bench-Initial-pass' }),
      });
      const answer = (await res.json()) as Answer;
      if (answer.code !== 0) throw new Error(`part at row ${at}: ${answer.message}`);
      if (answer.data.errors.length > 0) throw new Error(`refused rows: ${JSON.stringify(answer.data.errors.slice(0, 3))}`);
      imported += answer.data.imported;
      slowest = Math.max(slowest, performance.now() - partStarted);
    }
    const seconds = (performance.now() - started) / 1000;
    if (imported !== count) throw new Error(`imported ${imported} of ${count}`);
    return { seconds, slowest: slowest / 1000 };
  };

  const first = await run('bench.i', ROWS, false);
  console.log(
    `user import, PGlite, ${ROWS.toLocaleString('en')} rows in parts of ${PART} (initial password): ${first.seconds.toFixed(1)} s ` +
      `(limit ${LIMIT_SECONDS} s: ${first.seconds <= LIMIT_SECONDS * (ROWS / 10_000) ? 'within' : 'OVER'}); ` +
      `${((first.seconds / ROWS) * 1000).toFixed(2)} ms a row, slowest part ${first.slowest.toFixed(2)} s`,
  );
  if (OWN > 0) {
    const own = await run('bench.o', OWN, true);
    console.log(
      `user import, PGlite, ${OWN.toLocaleString('en')} rows each with its own password: ${own.seconds.toFixed(1)} s, ` +
        `${((own.seconds / OWN) * 1000).toFixed(2)} ms a row (10,000 such rows: about ${((own.seconds / OWN) * 10_000).toFixed(0)} s)`,
    );
  }
} finally {
  await server.stop();
}
