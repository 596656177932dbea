import { z } from 'zod';
import { optional, type ConfigVars, type ParsedVars } from './config-var';

const OIDC_EXAMPLE = '[{"id":"corp","name":"Corp SSO","issuer":"https://sso.example.com","clientId":"...","clientSecret":"..."}]';

/** platform.example.com, 10.0.0.5 or [::1], each optionally with :port. */
const HOST_ENTRY = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/** Plain http is for a provider on this machine only (development, tests): elsewhere the client secret and tokens would cross the network in the clear. */
const isLoopbackHost = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]';

/** One entry of OIDC_PROVIDERS. */
const oidcProviderEntry = z.strictObject(
  {
    id: z.string({ error: 'id is required' }).regex(/^[A-Za-z0-9_-]{1,64}$/, 'id must be 1 to 64 letters, digits, _ or -'),
    name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(64, 'name must be at most 64 characters'),
    issuer: z
      .string({ error: 'issuer is required' })
      .refine((v) => URL.canParse(v), 'issuer is not a URL')
      .refine((v) => {
        const url = URL.canParse(v) ? new URL(v) : undefined;
        return !url || url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
      }, 'issuer must be an https:// URL (http:// only for localhost or 127.0.0.1)'),
    clientId: z.string({ error: 'clientId is required' }).min(1, 'clientId is required'),
    /** Unset: a public client (PKCE alone, no client authentication). */
    clientSecret: z.string({ error: 'clientSecret must be text' }).min(1, 'clientSecret cannot be empty (leave it out for a public client)').optional(),
    scope: z
      .string({ error: 'scope must be text' })
      .refine((v) => v.split(/\s+/).includes('openid'), 'scope must include openid')
      .default('openid email profile'),
  },
  { error: 'each provider must be an object with id, name, issuer and clientId' },
);

/** Other systems a user's account meets: OpenID Connect providers to sign in with, platforms to bind to. */
export const thirdPartyVars = {
  OIDC_PROVIDERS: {
    default: '(unset)',
    description:
      'OpenID Connect providers users may bind and sign in with, as a JSON array: [{"id":"corp","name":"Corp SSO","issuer":"https://sso.example.com","clientId":"...","clientSecret":"..."}] (optional per provider: "scope", default "openid email profile"). Register {PUBLIC_URL}/user/admin/oidc/callback as the redirect URI at each provider. Unset: no third-party sign-in.',
    schema: optional(
      z.string().transform((v, ctx): OidcProviderConfig[] => {
        const problem = (message: string) => {
          ctx.addIssue({ code: 'custom', message: `OIDC_PROVIDERS ${message}` });
          return z.NEVER;
        };
        let json: unknown;
        try {
          json = JSON.parse(v);
        } catch {
          return problem(`is not JSON: ${OIDC_EXAMPLE}, or unset it to turn third-party sign-in off`);
        }
        const parsed = z.array(oidcProviderEntry).safeParse(json);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const where = issue.path.length > 0 ? `entry ${issue.path.join('.')}` : 'value';
          return problem(`${where}: ${issue.message}; write it as ${OIDC_EXAMPLE}`);
        }
        const ids = parsed.data.map((p) => p.id);
        const twice = ids.find((id, i) => ids.indexOf(id) !== i);
        if (twice) return problem(`names the id "${twice}" twice: give every provider its own id`);
        return parsed.data;
      }),
    ),
  },
  PLATFORM_BIND_ALLOWED_HOSTS: {
    default: '(any host)',
    description:
      'Hosts that platform binding (/pt/bind) may sign in to, comma-separated (platform.example.com, or host:port for one port only); unset allows any http(s) host. Set it in production: binding makes this server send requests to the address a user types.',
    schema: optional(
      z.string().transform((v, ctx) => {
        const hosts = v
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean);
        if (hosts.length > 0 && hosts.every((h) => HOST_ENTRY.test(h))) return hosts;
        ctx.addIssue({
          code: 'custom',
          message:
            'PLATFORM_BIND_ALLOWED_HOSTS is not a list of hosts: set it to host names or addresses separated by commas (platform.example.com,10.0.0.5:8080), or unset it to allow any host',
        });
        return z.NEVER;
      }),
    ),
  },
} satisfies ConfigVars;

/** One OpenID Connect provider of OIDC_PROVIDERS (modules/oidc). */
export interface OidcProviderConfig {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  /** undefined: a public client (PKCE, no client authentication). */
  clientSecret?: string;
  scope: string;
}

export interface ThirdPartyConfig {
  /** OIDC_PROVIDERS; empty: no third-party sign-in. */
  oidcProviders: OidcProviderConfig[];
  /** PLATFORM_BIND_ALLOWED_HOSTS, lower-cased (host or host:port); undefined: any host. */
  platformBindAllowedHosts: string[] | undefined;
}

export const readThirdPartyConfig = (e: ParsedVars<typeof thirdPartyVars>): ThirdPartyConfig => ({
  oidcProviders: e.OIDC_PROVIDERS ?? [],
  platformBindAllowedHosts: e.PLATFORM_BIND_ALLOWED_HOSTS,
});
