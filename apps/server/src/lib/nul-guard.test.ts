import { pathOfNul, refuseNul } from './nul-guard';

/** An object nested `depth` levels deep ({a: {a: ... leaf}}), built without recursion. */
function nested(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe('the NUL guard', () => {
  it('names the first field holding a NUL, in the order of the body', () => {
    expect(pathOfNul({ name: 'ok', list: ['x', { deep: 'a\u0000b' }], later: '\u0000' })).toBe('list.1.deep');
    expect(pathOfNul({ first: { inner: '\u0000' }, 'b\u0000': 1 })).toBe('first.inner');
    // A key holding a NUL names the object that holds it, in its turn.
    expect(pathOfNul({ first: { 'k\u0000': 1, after: '\u0000' } })).toBe('first');
    expect(pathOfNul({ 'not a name': { x: '\u0000' } })).toBe('x');
    expect(pathOfNul('\u0000')).toBe('');
    expect(pathOfNul({ a: ['b', 1, null, true, { c: 'd' }] })).toBeUndefined();
  });

  it('walks a body nested 100,000 levels deep without exhausting the stack', () => {
    // The recursive walk threw RangeError (Maximum call stack size exceeded) here: a 500 for any caller.
    expect(pathOfNul(nested(100_000, 'clean'))).toBeUndefined();
    expect(pathOfNul(nested(100_000, 'a\u0000b'))).toBe(Array(100_000).fill('a').join('.'));
    expect(() => refuseNul(nested(100_000, 1), 'body')).not.toThrow();
    let array: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) array = [array];
    expect(pathOfNul(array)).toBe(Array(100_000).fill('0').join('.'));
  });

  it('refuses with a 400 naming the field, or the part when the value itself holds one', () => {
    expect(() => refuseNul({ user: { name: 'a\u0000' } }, 'body')).toThrow(expect.objectContaining({ statusCode: 400, params: { field: 'user.name' } }));
    expect(() => refuseNul('a\u0000', 'query')).toThrow(expect.objectContaining({ params: { field: 'query' } }));
  });
});
