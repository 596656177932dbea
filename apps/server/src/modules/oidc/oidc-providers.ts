import type { Configuration } from 'openid-client';
import type { OidcProvider } from '@uc/contracts';
import type { OidcProviderConfig } from '../../config';
import { notFound, unavailable } from '../../lib/errors';
import { NETWORK_ERROR, networkProblem } from '../../lib/network-problem';

type OpenIdClient = typeof import('openid-client');
let library: Promise<OpenIdClient> | undefined;
/**
 * openid-client, loaded on first use: a server without OIDC_PROVIDERS never loads it (idle memory),
 * and the server's jest suite, which runs as CommonJS and cannot load this ESM-only package itself,
 * builds the app without touching it (the OIDC tests hand jest the package Node loads, oidc.test.ts).
 */
export const openIdClient = (): Promise<OpenIdClient> => (library ??= import('openid-client'));

export const UNKNOWN_PROVIDER =
  'provider: no OpenID Connect provider "{provider}" is configured: choose one of the providers shown, or ask the administrator to add it to OIDC_PROVIDERS';
export const PROVIDER_UNREACHABLE =
  'The sign-in provider {name} cannot be reached ({reason}): try again later, or ask the administrator to check its issuer in OIDC_PROVIDERS';

/** Longest wait for a provider's answer (discovery, token, user info), in seconds. */
const TIMEOUT_SECONDS = 10;
/** A provider's metadata is read again after this long, so a change there is picked up without a restart. */
const DISCOVERY_TTL_MS = 60 * 60_000;

/** What the provider says about the account that signed in there. */
export interface ProviderAccount {
  /** The ID token's sub: the provider's stable id of the account. */
  subject: string;
  email: string;
  name: string;
}

/** The checks an authorization response must pass, kept from the request (oidc_requests). */
export interface FlowChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

const text = (value: unknown, max: number): string => (typeof value === 'string' ? value.trim().slice(0, max) : '');
const NO_CONFIGURATION = 'its configuration (/.well-known/openid-configuration) could not be read';
/** Why discovery failed, as a catalogue phrase: the network's reason, else that its configuration could not be read. */
const reasonOf = (err: unknown): string => {
  const problem = networkProblem(err);
  return problem === NETWORK_ERROR ? NO_CONFIGURATION : problem;
};

/** The providers of OIDC_PROVIDERS and the protocol with each (openid-client). */
export class OidcProviders {
  private readonly byId: ReadonlyMap<string, OidcProviderConfig>;
  private readonly discovered = new Map<string, { at: number; config: Promise<Configuration> }>();

  constructor(list: readonly OidcProviderConfig[]) {
    this.byId = new Map(list.map((p) => [p.id, p]));
  }

  /** What the console shows, in configuration order. */
  get shown(): OidcProvider[] {
    return [...this.byId.values()].map(({ id, name }) => ({ id, name }));
  }

  find(id: string): OidcProviderConfig | undefined {
    return this.byId.get(id);
  }

  /** The provider named by a request, or a 404 saying which ones there are. */
  require(id: string): OidcProviderConfig {
    const found = this.byId.get(id);
    if (!found) throw notFound(UNKNOWN_PROVIDER, { provider: id });
    return found;
  }

  /** The provider's metadata (discovery), read once an hour; a failed read is tried again by the next call. */
  private configuration(p: OidcProviderConfig): Promise<Configuration> {
    const cached = this.discovered.get(p.id);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
    const config = (async () => {
      const oidc = await openIdClient();
      // The configuration allows http only for an issuer on this machine (config/third-party.ts).
      const insecure = new URL(p.issuer).protocol === 'http:';
      return oidc.discovery(new URL(p.issuer), p.clientId, undefined, p.clientSecret ? oidc.ClientSecretBasic(p.clientSecret) : oidc.None(), {
        timeout: TIMEOUT_SECONDS,
        execute: insecure ? [oidc.allowInsecureRequests] : [],
      });
    })();
    config.catch(() => {
      if (this.discovered.get(p.id)?.config === config) this.discovered.delete(p.id);
    });
    this.discovered.set(p.id, { at: Date.now(), config });
    return config;
  }

  private async reachable(p: OidcProviderConfig): Promise<Configuration> {
    try {
      return await this.configuration(p);
    } catch (err) {
      throw unavailable(PROVIDER_UNREACHABLE, { name: p.name, reason: reasonOf(err) });
    }
  }

  /**
   * The provider's authorization address for a new flow (authorization code with PKCE S256, state and
   * nonce), and the checks to keep for its answer.
   */
  async authorizationUrl(p: OidcProviderConfig, redirectUri: string): Promise<{ url: string; checks: FlowChecks }> {
    const oidc = await openIdClient();
    const config = await this.reachable(p);
    const checks: FlowChecks = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: p.scope,
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, checks };
  }

  /**
   * The account the provider's answer names: exchanges the code (with the PKCE verifier), checks the
   * ID token (signature, issuer, audience, expiry, nonce) and the state, then reads e-mail and name from
   * the ID token or, when it has none, the user info endpoint. Throws when any check fails.
   */
  async account(p: OidcProviderConfig, callbackUrl: URL, checks: FlowChecks): Promise<ProviderAccount> {
    const oidc = await openIdClient();
    const config = await this.configuration(p);
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims?.sub) throw new Error('the ID token names no subject');
    let email = text(claims.email, 320);
    let name = text(claims.name, 128) || text(claims.preferred_username, 128);
    if (!email || !name) {
      // Many providers keep the profile out of the ID token: ask once, and do without it if refused.
      const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub).catch(() => undefined);
      email ||= text(info?.email, 320);
      name ||= text(info?.name, 128) || text(info?.preferred_username, 128);
    }
    return { subject: claims.sub, email, name };
  }
}
