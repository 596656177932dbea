import { toTriple } from './filter-builder';

describe('toTriple', () => {
  it('builds the list API triples for each kind of operator', () => {
    expect(toTriple('username', '=', ' ann ')).toEqual(['username', '=', 'ann']);
    expect(toTriple('status', 'in', '1, 2,')).toEqual(['status', 'in', ['1', '2']]);
    expect(toTriple('loginCount', 'between', '3,4')).toEqual(['loginCount', 'between', ['3', '4']]);
    expect(toTriple('lastLoginAt', 'null', 'ignored')).toEqual(['lastLoginAt', 'null']);
  });

  it('adds nothing without a value', () => {
    expect(toTriple('username', 'like', '  ')).toBeNull();
    expect(toTriple('status', 'not_in', ',')).toBeNull();
  });
});
