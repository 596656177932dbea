import type { FastifyRequest } from 'fastify';
import { memberListCall, memberStatusCall } from '@uc/contracts';
import { InvalidInput } from '../../lib/errors';
import { validBody, validQuery } from './validate';

const refusalOf = (fn: () => unknown): unknown => {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a refusal');
};
const request = (parts: { body?: unknown; query?: unknown }) => parts as unknown as FastifyRequest;

describe('validBody', () => {
  it('parses the body with its schema', () => {
    expect(validBody(memberStatusCall, request({ body: { id: 4, status: 2 } }))).toEqual({ id: 4, status: 2 });
  });

  it('refuses a body that breaks the contract with a 400 naming the body', () => {
    expect(() => validBody(memberStatusCall, request({ body: { id: 'x' } }))).toThrow(InvalidInput);
  });

  it('refuses a NUL in the query before the body is parsed', () => {
    const refusal = refusalOf(() => validBody(memberStatusCall, request({ body: { id: 'x' }, query: { keyword: 'a\u0000b' } })));
    expect(refusal).toMatchObject({ statusCode: 400 });
    expect(refusal).not.toBeInstanceOf(InvalidInput);
  });

  it('has nothing to parse for a call without a body', () => {
    expect(validBody(memberListCall, request({ query: {} }))).toBeUndefined();
  });
});

describe('validQuery', () => {
  it("gives a list's query its page defaults", () => {
    expect(validQuery(memberListCall, request({ query: {} }), true)).toMatchObject({ page: 1, pageSize: 10 });
  });

  it('checks for a NUL only when validBody has not', () => {
    const nul = request({ query: { keyword: '\u0000' } });
    expect(() => validQuery(memberListCall, nul, false)).toThrow(expect.objectContaining({ statusCode: 400 }));
    expect(() => validQuery(memberListCall, request({ query: { pageSize: '1000' } }), true)).toThrow(InvalidInput);
  });
});
