import { federationName } from './federation-name';

describe('federationName', () => {
  it('turns a dashed remote name into a federation identifier', () => {
    expect(federationName('hello-world')).toBe('uc_hello_world');
    expect(federationName('a-b-c1')).toBe('uc_a_b_c1');
  });

  it('prefixes names without a dash too, so no remote can take a browser global', () => {
    expect(federationName('org')).toBe('uc_org');
    expect(federationName('location')).toBe('uc_location');
  });

  it('gives a valid JavaScript identifier, and different names different identifiers', () => {
    const names = ['org', 'hello-world', 'helloworld', 'hello-world2', 'x', 'a1-2-3'];
    const ids = names.map(federationName);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z_$][A-Za-z0-9_$]*$/);
    expect(new Set(ids).size).toBe(names.length);
  });

  it('refuses what is no remote name, saying what a name is', () => {
    expect(() => federationName('Hello')).toThrow(/lower-case letters, digits and dashes/);
    expect(() => federationName('hello_world')).toThrow(/not a remote name/);
    expect(() => federationName('')).toThrow(/not a remote name/);
    expect(() => federationName('1abc')).toThrow(/starting with a letter/);
  });
});
