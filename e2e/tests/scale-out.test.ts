import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setupScaleOut, startCluster, type Cluster } from '../support/cluster';
import { call, ok, onEveryServer, openStream, signIn, type Answer, type EventStream } from '../support/scale-client';
import { ADMIN_PASSWORD } from '../support/server';

/*
 * Three built servers behind HAProxy (round robin, health checks on /readyz), through PgBouncer in
 * transaction mode, on a fresh database of the machine's PostgreSQL (DATABASE_URL names the server):
 * what a deployment of several servers promises (docs/operations.md), checked through the balancer.
 * X-Served-By (set by HAProxy) says which server answered, so each claim is seen on every server.
 * No timing is asserted: the tests wait for events and count answers and rows.
 */

const CAPTCHA_REQUIRED = 'Too many failed sign-ins for this account: enter the verification code from the captcha image (cid and code) and try again';
const PASSWORD = 'scale-Pass-2026';
const SERVERS = ['s1', 's2', 's3'];
const INFO = '/user/admin/member/info';

/**
 * A remote's build as the build preset writes it into WEB_DIR/<app>/dist, in miniature (as the server's
 * tests make it: apps/server/src/test/remote-builds.ts): writing another version is a redeploy.
 */
function deployRemote(webDir: string, name: string, version: string): void {
  const dist = join(webDir, name, 'dist');
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(join(dist, 'static', 'js'), { recursive: true });
  const chunk = `static/js/routes.${createHash('sha256').update(version).digest('hex').slice(0, 8)}.js`;
  writeFileSync(join(dist, chunk), `/* ${name} ${version} */`);
  writeFileSync(join(dist, 'remoteEntry.js'), `/* entry of ${name} ${version} */`);
  const container = `uc_${name}_${createHash('sha256').update(version).digest('hex').slice(0, 11)}`;
  const manifest = {
    id: container,
    name: container,
    metaData: { name: container, globalName: container, remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
    exposes: [{ name: 'routes', path: './routes', assets: { js: { sync: [chunk], async: [] }, css: { sync: [], async: [] } } }],
    shared: [],
  };
  writeFileSync(join(dist, 'mf-manifest.json'), JSON.stringify(manifest));
  const pages = [{ path: `/${name}/hello`, title: { 'zh-CN': '扩展', 'en-US': 'Scaled' } }];
  writeFileSync(join(dist, 'uc-remote.json'), JSON.stringify({ name, version, routes: [`/${name}`], pages }));
}

/** The first row of a query's answer (failing the test without one). */
async function firstRow(rows: Promise<string[][]>): Promise<string[]> {
  const [row] = await rows;
  assert.ok(row, 'the query answers a row');
  return row;
}

const skip = process.env.DATABASE_URL
  ? false
  : 'DATABASE_URL is not set: the scale-out test needs PostgreSQL (postgres://postgres@127.0.0.1:5432/postgres, trust auth)';

describe('three servers behind HAProxy, through PgBouncer in transaction mode, on PostgreSQL', { skip }, () => {
  let c: Cluster;
  let origin: string;
  let admin: string;
  /** The org/post menu (every post call) and its directory. */
  let postMenus: number[];
  /** The menu entries of the page of the remote in WEB_DIR, and its directory. */
  let scaledMenus: number[];
  const users: Record<string, number> = {};

  const createUser = async (username: string, roleIds: number[] = []) => {
    const n = Object.keys(users).length + 1;
    await ok(origin, '/user/admin/member/edit', {
      token: admin,
      body: { username, password: PASSWORD, realName: username, mobile: `1390000${String(n).padStart(4, '0')}`, roleIds },
    });
    const [id] = await firstRow(c.sql(`select id from users where username = '${username}'`));
    users[username] = Number(id);
    return users[username]!;
  };
  const createRole = async (key: string, menuIds: number[]) => {
    const { id } = await ok<{ id: number }>(origin, '/user/admin/role/edit', { token: admin, body: { name: key, key } });
    await ok(origin, '/user/admin/role/menus', { token: admin, body: { id, menuIds } });
    return id;
  };
  const nextCall =
    (token: string, path = INFO) =>
    () =>
      call(origin, path, { token });

  // The servers' shared WEB_DIR holds one remote, redeployed by a test.
  const webDir = mkdtempSync(join(tmpdir(), 'uc-scale-web-'));
  deployRemote(webDir, 'scaled', '1.0.0');

  before(async () => {
    setupScaleOut();
    // Statements may run two minutes here, so that a cancelled one is told from one that timed out.
    c = await startCluster({ webDir, env: { STATEMENT_TIMEOUT_MS: '120000' } });
    origin = c.origin;
    admin = await signIn(origin, 'admin', ADMIN_PASSWORD);
    const [menu, parent] = await firstRow(c.sql(`select id, parent_id from menus where path = '/org/post'`));
    postMenus = [Number(parent), Number(menu)];
    scaledMenus = (await c.sql(`select id from menus where path in ('/scaled', '/scaled/hello') order by id`)).map(([id]) => Number(id));
    assert.equal(scaledMenus.length, 2, 'the remote in WEB_DIR has its menu entries');
  });
  after(async () => {
    await c?.stop();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('a sign-in on one server works on all: member/info answers the same user everywhere', async () => {
    const login = await call<{ token: string }>(origin, '/user/admin/site/accountLogin', { body: { username: 'admin', password: ADMIN_PASSWORD } });
    assert.equal(login.code, 0);
    const seen = await onEveryServer(SERVERS, nextCall(login.data.token), (a) => {
      assert.equal(a.code, 0, `${a.by}: ${a.message}`);
      assert.equal((a.data as { username: string }).username, 'admin');
    });
    assert.ok(!seen.has('') && seen.size === 3);
  });

  it('a sign-out through one server is refused by every server at the next call', async () => {
    await createUser('scale.leaving');
    const token = await signIn(origin, 'scale.leaving', PASSWORD);
    // Every server has the session in its cache before the sign-out.
    await onEveryServer(SERVERS, nextCall(token), (a) => assert.equal(a.code, 0));
    const out = await call(origin, '/user/admin/site/logout', { token, body: {} });
    assert.equal(out.code, 0);
    await onEveryServer(SERVERS, nextCall(token), (a) => assert.deepEqual([a.status, a.code], [401, 61], `${a.by} still takes the token`));
  });

  it('disabling a user through one server ends their session on every server at the next call', async () => {
    const id = await createUser('scale.disabled');
    const token = await signIn(origin, 'scale.disabled', PASSWORD);
    await onEveryServer(SERVERS, nextCall(token), (a) => assert.equal(a.code, 0));
    const off = await call(origin, '/user/admin/member/status', { token: admin, body: { id, status: 2 } });
    assert.equal(off.code, 0, off.message);
    await onEveryServer(SERVERS, nextCall(token), (a) => assert.deepEqual([a.status, a.code], [401, 61], `${a.by} still takes the token`));
  });

  it('a role losing a permission through one server is refused by every server at the next call', async () => {
    const role = await createRole('scale_poster', postMenus);
    await createUser('scale.poster', [role]);
    const token = await signIn(origin, 'scale.poster', PASSWORD);
    const posts = nextCall(token, '/user/admin/post/list');
    await onEveryServer(SERVERS, posts, (a) => assert.equal(a.code, 0, a.message));
    await ok(origin, '/user/admin/role/menus', { token: admin, body: { id: role, menuIds: [] } });
    await onEveryServer(SERVERS, posts, (a) => assert.equal(a.status, 403, `${a.by} still grants post/list`));
  });

  it('the push stream reaches a tab on each server: letters, registry changes and menu changes', async () => {
    const role = await createRole('scale_reader', scaledMenus);
    const reader = await createUser('scale.reader', [role]);
    const token = await signIn(origin, 'scale.reader', PASSWORD);
    // One tab per server: streams open until each server holds one.
    const streams: EventStream[] = [];
    for (let i = 0; i < 12 && new Set(streams.map((s) => s.by)).size < 3; i++) {
      const s = await openStream(origin, token);
      if (streams.some((o) => o.by === s.by)) s.close();
      else streams.push(s);
    }
    assert.deepEqual(streams.map((s) => s.by).sort(), SERVERS);
    try {
      // The counts first, then a letter sent through whichever server: every tab's badge moves.
      const first = await Promise.all(streams.map((s) => s.next((e) => e.event === 'unread')));
      await ok(origin, '/admin/admin/notice/letter/send', { token: admin, body: { title: 'Scale', content: 'One letter, three servers', userIds: [reader] } });
      const moved = await Promise.all(streams.map((s) => s.next((e) => e.event === 'unread', 1)));
      moved.forEach((e, i) => assert.notEqual(e.data, first[i]!.data, `${streams[i]!.by} sent the new counts`));

      // A redeploy of a remote: the first server to see it registers it, and every tab hears of it.
      const registry = await ok<{ name: string; version: string }[]>(origin, '/user/admin/site/remotes', { token: admin });
      assert.deepEqual(
        registry.filter((r) => r.name === 'scaled').map((r) => r.version),
        ['1.0.0'],
      );
      let at = streams.map((s) => s.events.length);
      deployRemote(webDir, 'scaled', '1.0.1');
      await Promise.all(streams.map((s, i) => s.next((e) => e.event === 'registry' && e.data.includes('remotes'), at[i])));
      const redeployed = await ok<{ name: string; version: string }[]>(origin, '/user/admin/site/remotes', { token: admin });
      assert.deepEqual(
        redeployed.filter((r) => r.name === 'scaled').map((r) => r.version),
        ['1.0.1'],
      );

      // The reader's menus change (their role loses the remote's page): every tab hears of it.
      at = streams.map((s) => s.events.length);
      await ok(origin, '/user/admin/role/menus', { token: admin, body: { id: role, menuIds: [] } });
      await Promise.all(streams.map((s, i) => s.next((e) => e.event === 'registry' && e.data.includes('menus'), at[i])));

      // Signed out through one server: every tab is told its session ended.
      await ok(origin, '/user/admin/site/logout', { token, body: {} });
      await Promise.all(streams.map((s) => s.next((e) => e.event === 'end')));
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('the sign-in throttle counts failures on every server: the fourth attempt needs a captcha wherever it lands', async () => {
    await createUser('scale.victim');
    const failed: Answer[] = [];
    for (let i = 0; i < 3; i++)
      failed.push(await call(origin, '/user/admin/site/accountLogin', { body: { username: 'scale.victim', password: 'wrong-password' } }));
    assert.deepEqual(
      failed.map((a) => a.code),
      [-1, -1, -1],
    );
    assert.deepEqual(failed.map((a) => a.by).sort(), SERVERS, 'the three failures landed on the three servers');
    await onEveryServer(
      SERVERS,
      () => call(origin, '/user/admin/site/accountLogin', { body: { username: 'scale.victim', password: PASSWORD } }),
      (a) => assert.equal(a.message, CAPTCHA_REQUIRED, `${a.by} let the account try again`),
    );
  });

  describe('a tenant whose policy allows five posts', () => {
    let tenantId: number;
    let tenantAdmin: string;
    before(async () => {
      const policy = await ok<{ id: number }>(origin, '/user/admin/tenant/policy/edit', {
        token: admin,
        body: { title: 'Scale: five posts', maxPosts: 5, menuIds: postMenus },
      });
      const made = await ok<{ tenant: { id: number } }>(origin, '/user/admin/tenant/edit', {
        token: admin,
        body: { name: 'Scale', code: 'scale', policyId: policy.id, adminUsername: 'scale.admin', adminRealName: 'Scale', adminPassword: PASSWORD },
      });
      tenantId = made.tenant.id;
      tenantAdmin = await signIn(origin, 'scale.admin', PASSWORD);
    });

    it('counts the quota across the servers: twelve creates at once through the balancer, exactly five made', async () => {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => call(origin, '/user/admin/post/edit', { token: tenantAdmin, body: { name: `Q${i}`, code: `q${i}` } })),
      );
      assert.deepEqual([...new Set(answers.map((a) => a.by))].sort(), SERVERS, 'the creates went to every server');
      assert.equal(answers.filter((a) => a.code === 0).length, 5, JSON.stringify(answers.map((a) => [a.status, a.message])));
      assert.equal(answers.filter((a) => a.status === 409).length, 7);
      assert.deepEqual(await c.sql(`select count(*) from posts where tenant_id = ${tenantId}`), [['5']]);
    });

    it('sets the timeouts in each transaction (PgBouncer keeps no session setting) and cancels the statement of a tab that went away', async () => {
      // A policy that notes the settings each reading transaction of the tenant runs under.
      await c.sql(`
        create table uc_scale_notes (statement_timeout text, idle_timeout text);
        create function uc_scale_note() returns boolean language sql security definer as
          $$ insert into uc_scale_notes values (current_setting('statement_timeout'), current_setting('idle_in_transaction_session_timeout')) returning true $$;
        create policy uc_scale_note on posts as restrictive for select to uc_app using (tenant_id <> ${tenantId} or (select uc_scale_note()));`);
      await onEveryServer(SERVERS, nextCall(tenantAdmin, '/user/admin/post/list'), (a) => assert.equal(a.code, 0, a.message));
      const notes = await c.sql('select distinct statement_timeout, idle_timeout from uc_scale_notes');
      assert.deepEqual(notes, [['2min', '10min']], 'STATEMENT_TIMEOUT_MS and the idle timeout hold in every transaction');
      // ... and nothing is left on PgBouncer's server connections between transactions.
      const [sessionTimeout] = await firstRow(c.sqlThroughPooler('show statement_timeout'));
      assert.equal(sessionTimeout, '0');
      await c.sql('drop policy uc_scale_note on posts; drop function uc_scale_note(); drop table uc_scale_notes');

      // A read of the tenant's posts now sleeps (a test policy): the tab goes away meanwhile.
      await c.sql(
        `create policy uc_scale_slow on posts as restrictive for select to uc_app using (tenant_id <> ${tenantId} or (select true from pg_sleep(600)))`,
      );
      const sleeping = async () =>
        Number(
          (await c.sql(`select count(*) from pg_stat_activity where datname = current_database() and state = 'active' and wait_event = 'PgSleep'`))[0]![0],
        );
      const until = async (check: () => Promise<boolean>) => {
        for (let i = 0; i < 300 && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
        return check();
      };
      try {
        const gone = new AbortController();
        const leaving = call(origin, '/user/admin/post/list', { token: tenantAdmin, signal: gone.signal }).catch(() => 'aborted');
        assert.equal(await until(async () => (await sleeping()) === 1), true, 'the read runs');
        gone.abort();
        assert.equal(await leaving, 'aborted');
        // Cancelled by its cancel key through PgBouncer, long before the two minutes of the statement timeout.
        assert.equal(await until(async () => (await sleeping()) === 0), true, 'the statement of the tab that went away was cancelled');
      } finally {
        await c.sql('drop policy uc_scale_slow on posts');
      }
    });
  });

  /**
   * Writes (and reads) through the balancer from `workers` loops until `stop`: each write a post with
   * its own code. Every answer is kept, with when it was sent relative to `mark()`.
   */
  const load = (prefix: string, workers: number) => {
    let stopping = false;
    let marked = false;
    let n = 0;
    const answers: { code: string; write: boolean; ok: boolean; afterMark: boolean; by: string; error?: string }[] = [];
    const loops = Array.from({ length: workers }, async (_, w) => {
      while (!stopping) {
        const i = n++;
        const write = i % 2 === 0;
        const code = `${prefix}-${i}`;
        const afterMark = marked;
        try {
          const a = write
            ? await call(origin, '/user/admin/post/edit', { token: admin, body: { name: code, code } })
            : await call(origin, w % 2 ? INFO : '/user/admin/member/list?pageSize=5', { token: admin });
          answers.push({
            code,
            write,
            ok: a.status === 200 && a.code === 0,
            afterMark,
            by: a.by,
            error: a.code === 0 ? undefined : `${a.status} ${a.message}`,
          });
        } catch (err) {
          answers.push({ code, write, ok: false, afterMark, by: '', error: String(err) });
        }
      }
    });
    return {
      answers,
      mark: () => void (marked = true),
      acknowledgedWrites: () => answers.filter((a) => a.write && a.ok).map((a) => a.code),
      until: async (check: () => boolean) => {
        for (let i = 0; i < 1200 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
        assert.ok(check(), 'the load made progress');
      },
      stop: async () => {
        stopping = true;
        await Promise.all(loops);
      },
    };
  };

  const writtenCodes = async (prefix: string) => new Set((await c.sql(`select code from posts where code like '${prefix}-%'`)).map(([code]) => code!));

  it('a server killed under load (SIGKILL) loses no acknowledged write, and the balancer routes around it', async () => {
    const workers = 6;
    const l = load('kill', workers);
    await l.until(() => l.acknowledgedWrites().length >= 30);
    const victim = c.servers[1]!;
    // Resolves once the process is gone: requests sent after it were never in flight to it.
    await victim.stop('SIGKILL');
    l.mark();
    await c.waitForStatus(victim.name, 'DOWN');
    await l.until(() => l.answers.filter((a) => a.afterMark && a.ok).length >= 60);
    await l.stop();

    const failed = l.answers.filter((a) => !a.ok);
    assert.ok(failed.length <= workers, `only requests in flight to the killed server failed: ${JSON.stringify(failed)}`);
    assert.deepEqual(
      failed.filter((a) => a.afterMark),
      [],
      'every request sent after the server was gone was answered',
    );
    const after = l.answers.filter((a) => a.afterMark);
    assert.deepEqual([...new Set(after.map((a) => a.by))].sort(), ['s1', 's3']);
    const written = await writtenCodes('kill');
    const lost = l.acknowledgedWrites().filter((code) => !written.has(code));
    assert.deepEqual(lost, [], 'every acknowledged write is in the database');

    await victim.start();
    await c.waitForStatus(victim.name, 'UP');
  });

  it('a rolling restart of all three under load fails no request, and ends the event streams cleanly', async () => {
    const reader = await signIn(origin, 'admin', ADMIN_PASSWORD);
    const streams: EventStream[] = [];
    for (let i = 0; i < 12 && new Set(streams.map((s) => s.by)).size < 3; i++) {
      const s = await openStream(origin, reader);
      if (streams.some((o) => o.by === s.by)) s.close();
      else streams.push(s);
    }
    assert.deepEqual(streams.map((s) => s.by).sort(), SERVERS);

    const l = load('roll', 6);
    await l.until(() => l.acknowledgedWrites().length >= 20);
    const pids = c.servers.map((s) => s.pid);
    for (const s of c.servers) {
      const before = l.answers.length;
      // SIGTERM: unready, taken out by the balancer's checks, then the streams end and requests in flight finish.
      await s.stop('SIGTERM');
      await s.start();
      await c.waitForStatus(s.name, 'UP');
      await l.until(() => l.answers.slice(before).some((a) => a.by === s.name && a.ok));
    }
    await l.until(() => l.acknowledgedWrites().length >= 60);
    await l.stop();

    assert.deepEqual(
      l.answers.filter((a) => !a.ok),
      [],
      'no request failed',
    );
    assert.ok(
      c.servers.every((s, i) => s.pid !== pids[i]),
      'every server was restarted',
    );
    const written = await writtenCodes('roll');
    assert.deepEqual(
      l.acknowledgedWrites().filter((code) => !written.has(code)),
      [],
    );
    // Each stream was ended by its server as it shut down (the tab reconnects through the balancer).
    assert.deepEqual(await Promise.all(streams.map((s) => s.ending)), ['ended', 'ended', 'ended']);
  });
});
