import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NOTICE_STREAM_PATH } from '@uc/contracts';
import { eq, sql } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import { PLATFORM_TENANT_ID } from '../../db/seed';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { hashToken } from '../auth/token';
import { ManualClock } from '../../test/manual-clock';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * The stream over a real socket (inject waits for a response to end; a stream does not), its timers on
 * a clock the test moves: "within a second" is a second of that clock, however busy the machine is.
 */
/** Well inside jest's test timeout: a missing event fails with what came instead. */
const NO_EVENT_MS = 100_000;

const clock = new ManualClock();
let t: TestApp;
let base: string;
let platformAdmin: string;
let reader: { tenantId: number; userId: number };
let neighbour: { tenantId: number; userId: number };

beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  platformAdmin = await t.login();
  const a = await createTenant(t.db, { code: 'stream-a' });
  reader = { tenantId: a.tenantId, userId: await createUser(t.db, { username: 'stream.reader', tenantId: a.tenantId }) };
  neighbour = { tenantId: a.tenantId, userId: await createUser(t.db, { username: 'stream.neighbour', tenantId: a.tenantId }) };
});
afterAll(() => t.close());

interface SseEvent {
  event: string;
  data: string;
}

interface Stream {
  response: IncomingMessage;
  events: SseEvent[];
  comments: string[];
  closed: Promise<void>;
  /** The first event after index `from` that `match`es. */
  next(match: (e: SseEvent) => boolean, from: number): Promise<SseEvent>;
  destroy(): void;
}

function openStream(path: string, headers: Record<string, string> = {}): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      const events: SseEvent[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = block.split('\n');
          for (const line of fields.filter((l) => l.startsWith(':'))) comments.push(line);
          const event = fields.find((l) => l.startsWith('event: '))?.slice(7);
          const data = fields.find((l) => l.startsWith('data: '))?.slice(6);
          if (event !== undefined) events.push({ event, data: data ?? '' });
        }
        for (const wake of [...waiters]) wake();
      });
      const closed = new Promise<void>((done) => response.on('close', () => done()));
      resolve({
        response,
        events,
        comments,
        closed,
        next: (match, from) =>
          new Promise((found, fail) => {
            const look = () => {
              const hit = events.slice(from).find(match);
              if (!hit) return;
              clearTimeout(timer);
              waiters.delete(look);
              found(hit);
            };
            const timer = setTimeout(() => {
              waiters.delete(look);
              fail(new Error(`no matching event; got ${JSON.stringify(events.slice(from))}`));
            }, NO_EVENT_MS);
            waiters.add(look);
            look();
          }),
        destroy: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const counts = (e: SseEvent) => JSON.parse(e.data) as { letterCount: number; noticeCount: number };
const sendLetter = (userIds: number[], title: string) =>
  t.app.inject({
    method: 'POST',
    url: '/admin/admin/notice/letter/send',
    headers: auth(platformAdmin),
    payload: { title, content: '<p>Pushed</p>', tenantId: reader.tenantId, userIds },
  });

/**
 * Runs `act` (which signals the stream over the database) and lets a second pass on the streams' clock
 * once the signal has set a timer within it: the re-read it schedules is then due, and done.
 */
async function aSecondAfter<T>(act: () => Promise<T>): Promise<T> {
  const scheduled = clock.timerSet(1000);
  const result = await act();
  await scheduled;
  clock.advance(1000);
  return result;
}

describe('the notice stream', () => {
  it('sends the counts at once, and a published letter within a second, to its reader only', async () => {
    const token = await tokenFor(t.db, reader.tenantId, reader.userId);
    const stream = await openStream(`${NOTICE_STREAM_PATH}?token=${encodeURIComponent(token)}`);
    const other = await openStream(NOTICE_STREAM_PATH, auth(await tokenFor(t.db, neighbour.tenantId, neighbour.userId)));
    try {
      expect(stream.response.statusCode).toBe(200);
      expect(stream.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      const first = await stream.next((e) => e.event === 'unread', 0);
      expect(counts(first)).toEqual({ letterCount: 0, noticeCount: 0 });
      await other.next((e) => e.event === 'unread', 0);

      expect((await aSecondAfter(() => sendLetter([reader.userId], 'Live'))).json()).toMatchObject({ code: 0 });
      await stream.next((e) => e.event === 'unread' && counts(e).letterCount === 1, 1);

      // Reading it moves the count back, on the reader's stream too.
      const list = await t.app.inject({ url: '/admin/admin/notice/my/messages', headers: auth(token) });
      const [letter] = list.json().data.list as { id: number }[];
      await aSecondAfter(() => t.app.inject({ url: '/admin/admin/notice/detail', query: { id: String(letter!.id) }, headers: auth(token) }));
      await stream.next((e) => e.event === 'unread' && counts(e).letterCount === 0, 2);

      // The neighbour in the same tenant heard nothing: the next counts they get are those of their own
      // first letter, with nothing before them.
      expect((await aSecondAfter(() => sendLetter([neighbour.userId], 'Next door'))).json()).toMatchObject({ code: 0 });
      await other.next((e) => e.event === 'unread', 1);
      expect(other.events.map((e) => [e.event, counts(e)])).toEqual([
        ['unread', { letterCount: 0, noticeCount: 0 }],
        ['unread', { letterCount: 1, noticeCount: 0 }],
      ]);
    } finally {
      stream.destroy();
      other.destroy();
    }
  });

  it('pushes the new counts within a second when the reader switches letters off, and on again', async () => {
    const userId = await createUser(t.db, { username: 'stream.switcher', tenantId: reader.tenantId });
    const token = await tokenFor(t.db, reader.tenantId, userId);
    expect((await sendLetter([userId], 'Switched')).json()).toMatchObject({ code: 0 });
    const stream = await openStream(NOTICE_STREAM_PATH, auth(token));
    const switches = (letters: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/user/admin/member/profile/notification/edit',
        headers: auth(token),
        payload: { notices: true, letters, system: true },
      });
    try {
      expect(counts(await stream.next((e) => e.event === 'unread', 0))).toEqual({ letterCount: 1, noticeCount: 0 });
      expect((await aSecondAfter(() => switches(false))).json()).toMatchObject({ code: 0 });
      const off = await stream.next((e) => e.event === 'unread', 1);
      expect(counts(off)).toEqual({ letterCount: 0, noticeCount: 0 });

      expect((await aSecondAfter(() => switches(true))).json()).toMatchObject({ code: 0 });
      const on = await stream.next((e) => e.event === 'unread', 2);
      expect(counts(on)).toEqual({ letterCount: 1, noticeCount: 0 });
    } finally {
      stream.destroy();
    }
  });

  it("closes a revoked session's stream with an end event, without waiting on any timer", async () => {
    const token = await tokenFor(t.db, reader.tenantId, reader.userId);
    const stream = await openStream(`${NOTICE_STREAM_PATH}?token=${encodeURIComponent(token)}`);
    try {
      await stream.next((e) => e.event === 'unread', 0);
      // The streams' clock stands still from here: the end comes from the sign-out's signal alone.
      const logout = await t.app.inject({ method: 'POST', url: '/user/admin/site/logout', headers: auth(token) });
      expect(logout.json()).toMatchObject({ code: 0 });
      const end = await stream.next((e) => e.event === 'end', 1);
      expect(JSON.parse(end.data)).toEqual({ code: 61 });
      await stream.closed;
    } finally {
      stream.destroy();
    }
  });

  it('ends when the session expires', async () => {
    const token = await tokenFor(t.db, reader.tenantId, reader.userId);
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '1 second'` })
      .where(eq(sessions.tokenHash, hashToken(token)));
    // The stream arms a timer for the session's end (a second from now, and a little).
    const armed = clock.timerSet(1100);
    const stream = await openStream(`${NOTICE_STREAM_PATH}?token=${encodeURIComponent(token)}`);
    try {
      await armed;
      await stream.next((e) => e.event === 'unread', 0);
      // The second passes: on the database's clock (the session's end moved to now) and on the stream's.
      await t.db
        .update(sessions)
        .set({ expiresAt: sql`now()` })
        .where(eq(sessions.tokenHash, hashToken(token)));
      clock.advance(1100);
      await stream.next((e) => e.event === 'end', 1);
      await stream.closed;
    } finally {
      stream.destroy();
    }
  });

  it('refuses a missing or revoked token with the envelope, and takes a token in the query on this address only', async () => {
    const none = await t.app.inject({ url: NOTICE_STREAM_PATH });
    expect({ status: none.statusCode, code: none.json().code }).toEqual({ status: 401, code: 61 });
    const token = await tokenFor(t.db, PLATFORM_TENANT_ID, 1);
    const elsewhere = await t.app.inject({ url: '/admin/admin/notice/count/un/read', query: { token } });
    expect({ status: elsewhere.statusCode, code: elsewhere.json().code }).toEqual({ status: 401, code: 61 });
    await t.app.inject({ method: 'POST', url: '/user/admin/site/logout', headers: auth(token) });
    const revoked = await t.app.inject({ url: NOTICE_STREAM_PATH, query: { token } });
    expect({ status: revoked.statusCode, code: revoked.json().code }).toEqual({ status: 401, code: 61 });
  });
});
