import { ConfigError, loadConfig } from '../../config';

const corp = { id: 'corp', name: 'Corp SSO', issuer: 'https://sso.example.com', clientId: 'uc', clientSecret: 's3cret' };
const load = (env: Record<string, string>) => loadConfig(env, '/x');

describe('OIDC_PROVIDERS and PUBLIC_URL', () => {
  it('reads the providers, with the default scope, and none when unset', () => {
    expect(load({}).oidcProviders).toEqual([]);
    expect(
      load({ OIDC_PROVIDERS: JSON.stringify([corp, { ...corp, id: 'dev', issuer: 'http://127.0.0.1:4000', clientSecret: undefined }]) }).oidcProviders,
    ).toEqual([
      { ...corp, scope: 'openid email profile' },
      { id: 'dev', name: 'Corp SSO', issuer: 'http://127.0.0.1:4000', clientId: 'uc', scope: 'openid email profile' },
    ]);
  });

  it.each([
    ['not json', 'OIDC_PROVIDERS is not JSON: [{"id":"corp"'],
    [JSON.stringify({ ...corp }), 'OIDC_PROVIDERS value: '],
    [
      JSON.stringify([{ ...corp, issuer: 'http://sso.example.com' }]),
      'OIDC_PROVIDERS entry 0.issuer: issuer must be an https:// URL (http:// only for localhost or 127.0.0.1)',
    ],
    [JSON.stringify([{ ...corp, id: 'no spaces' }]), 'OIDC_PROVIDERS entry 0.id: id must be 1 to 64 letters, digits, _ or -'],
    [JSON.stringify([{ ...corp, scope: 'email' }]), 'OIDC_PROVIDERS entry 0.scope: scope must include openid'],
    [JSON.stringify([{ ...corp, secret: 'typo' }]), 'OIDC_PROVIDERS entry 0: '],
    [JSON.stringify([corp, corp]), 'OIDC_PROVIDERS names the id "corp" twice: give every provider its own id'],
  ])('refuses OIDC_PROVIDERS=%s naming the problem and the fix', (value, message) => {
    expect(() => load({ OIDC_PROVIDERS: value })).toThrow(ConfigError);
    expect(() => load({ OIDC_PROVIDERS: value })).toThrow(message);
  });

  it('takes PUBLIC_URL as an origin, and refuses one with a path', () => {
    expect(load({ PUBLIC_URL: 'https://uc.example.com/' }).publicUrl).toBe('https://uc.example.com');
    expect(load({}).publicUrl).toBeUndefined();
    expect(() => load({ PUBLIC_URL: 'https://uc.example.com/user/web/' })).toThrow('PUBLIC_URL is not an http(s) origin');
  });
});
