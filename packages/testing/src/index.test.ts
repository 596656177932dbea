/** @jest-environment node */
import { ApiError } from '@uc/client';
import { memberListCall, memberStatusCall, TENANT_HEADER, type CallContract } from '@uc/contracts';
import { answering, Refusal, servedBy, testMemberRow, testUser } from './index';

type Mock = (contract: CallContract, options?: Record<string, unknown>) => Promise<unknown>;

describe('the fixtures', () => {
  it('are what the contracts allow, changed by what a test says', () => {
    expect(testUser({ username: 'ann' })).toMatchObject({ username: 'ann', isSuperAdmin: true });
    expect(testMemberRow({ id: 7 }).id).toBe(7);
    expect(() => testUser({ username: 42 as unknown as string })).toThrow();
  });
});

describe('answering', () => {
  it('parses each answer through its call’s contract, so a mock cannot give what the server never sends', async () => {
    const mock = answering(async () => ({ list: [testMemberRow()], page: 1, pageSize: 10, total: 1, totalExact: true, next: null })) as Mock;
    await expect(mock(memberListCall)).resolves.toMatchObject({ total: 1 });
    const wrong = answering(async () => ({ list: 'nothing' })) as Mock;
    await expect(wrong(memberListCall)).rejects.toThrow();
  });
});

describe('servedBy', () => {
  it('runs the real API client against a fake server: bodies checked by the contract, headers as sent, refusals as envelopes', async () => {
    const seen: (string | null)[] = [];
    const call = servedBy((contract, options) => {
      seen.push(options?.headers?.get(TENANT_HEADER) ?? null);
      if ((options?.body as { status?: number }).status === 2) throw new Refusal('不能停用自己');
      return null;
    }) as Mock;
    await expect(call(memberStatusCall, { body: { id: 3, status: 1 }, tenant: 7, skipErrorHandler: true })).resolves.toBeNull();
    expect(seen).toEqual(['7']);
    const refused = await call(memberStatusCall, { body: { id: 3, status: 2 }, skipErrorHandler: true }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toBe('不能停用自己');
    // A body the contract refuses never reaches the answer.
    await expect(call(memberStatusCall, { body: { id: 'x' }, skipErrorHandler: true })).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(2);
  });
});
