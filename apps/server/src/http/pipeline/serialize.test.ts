import Fastify from 'fastify';
import { memberInfoCall, memberListCall, memberStatusCall } from '@uc/contracts';
import { ok } from '../../lib/envelope';
import { forbidden } from '../../lib/errors';
import { SerializedAnswer } from '../../lib/serialized-answer';
import type { Session } from '../../modules/auth/access';
import { AuthCache } from '../../modules/auth/auth-cache';
import { RefusalAfterCommit } from './implement';
import { answer, checkResponse, echoPage, recalled, remember } from './serialize';

const session: Session = { sessionId: 1, userId: 2, tenantId: 3, username: 'u', isSuperAdmin: false, tenantIsPlatform: false, readOnly: false };

describe('echoPage', () => {
  it("adds the page asked for to a list's answer", () => {
    expect(echoPage({ page: 3, pageSize: 20, sort: 'id' }, { list: [1], total: 41 })).toEqual({ list: [1], total: 41, page: 3, pageSize: 20 });
  });
});

describe('remember and recalled', () => {
  it("keep a perCaller answer's envelope under the epochs it was computed under, and no other", () => {
    const cache = new AuthCache();
    const epochs = { tenant: '4', global: '1' };
    remember({ cache, epochs }, session, memberInfoCall, { name: '名字' });
    const kept = recalled(cache, session, memberInfoCall, epochs);
    expect(kept).toBeInstanceOf(SerializedAnswer);
    expect(recalled(cache, session, memberInfoCall, { tenant: '5', global: '1' })).toBeUndefined();
    expect(recalled(cache, { ...session, userId: 9 }, memberInfoCall, epochs)).toBeUndefined();
  });
});

describe('answer and checkResponse', () => {
  const app = Fastify();
  let bad: unknown = null;
  app.get('/answer', { preSerialization: [checkResponse(memberStatusCall)] }, async (req, reply) => answer(bad, req, reply));
  app.get('/refused', { preSerialization: [checkResponse(memberStatusCall)] }, async (req, reply) =>
    answer(new RefusalAfterCommit(forbidden('No')), req, reply),
  );
  app.get('/kept', async (req, reply) => {
    const cache = new AuthCache();
    const epochs = { tenant: '1', global: '1' };
    remember({ cache, epochs }, session, memberListCall, { list: [], total: 0, page: 1, pageSize: 10 });
    return answer(recalled(cache, session, memberListCall, epochs), req, reply);
  });
  afterAll(() => app.close());

  it('wraps data in the envelope, checked against the contract', async () => {
    bad = null;
    const res = await app.inject({ url: '/answer' });
    expect(res.json()).toEqual(ok(null));
    bad = { unexpected: true };
    const broken = await app.inject({ url: '/answer' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json().message).toContain(`Response of ${memberStatusCall.path} breaks its contract`);
  });

  it('answers a refusal after commit as its error, which is not checked against the data schema', async () => {
    const res = await app.inject({ url: '/refused' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('No');
  });

  it('sends kept bytes as they are', async () => {
    const res = await app.inject({ url: '/kept' });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual(ok({ list: [], total: 0, page: 1, pageSize: 10 }));
  });
});
