import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Module } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Configuration, JWK, default as ProviderType } from 'oidc-provider';

/*
 * A real OpenID Connect provider for the tests: oidc-provider on 127.0.0.1 and a random port, with
 * one client registered for the server under test and its own sign-in page (user name and password,
 * checked). Consent is implied for the test client, as a provider does for its first-party
 * applications (loadExistingGrant), so signing in is the only step.
 */

export interface TestAccount {
  /** The provider's subject (sub). */
  id: string;
  password: string;
  email: string;
  name: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The OIDC_PROVIDERS entry for it. */
  entry(id: string, name: string): Record<string, string>;
  close(): Promise<void>;
}

/**
 * A package loaded by Node itself rather than by jest: openid-client and oidc-provider are ESM only,
 * which jest's CommonJS runtime refuses (even through createRequire, which it replaces), while Node
 * 20.19+ requires ESM. The real package, in the same process; only the loader differs.
 */
export function nodeRequire<T>(id: string): T {
  const loader = Module as unknown as { _load(request: string, parent: null, isMain: boolean): T };
  return loader._load(require.resolve(id), null, false);
}

/** Node's own Object: a plain object made in jest's sandbox has another one. */
const NodeObject = structuredClone({}).constructor as ObjectConstructor;
/**
 * The configuration rebuilt from Node's own objects: oidc-provider merges its defaults only into
 * objects whose constructor is its Object (a sandboxed one would replace whole sections instead).
 */
function native<T>(value: T): T {
  if (Array.isArray(value)) return value.map(native) as T;
  if (!value || typeof value !== 'object' || Object.getPrototypeOf(Object.getPrototypeOf(value)) !== null) return value;
  const out = new NodeObject() as Record<string, unknown>;
  for (const [key, inner] of Object.entries(value)) out[key] = native(inner);
  return out as T;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(uid: string, error: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Test SSO sign-in</title></head><body>
<h1>Test SSO</h1>${error ? `<p role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/interaction/${uid}">
<label>Username <input name="login" autocomplete="off"></label>
<label>Password <input name="password" type="password"></label>
<button type="submit">Sign in to Test SSO</button>
</form>
<a href="/interaction/${uid}/abort">Cancel</a>
</body></html>`;
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return new URLSearchParams(body);
}

/**
 * Starts the provider. `Provider` is oidc-provider's class, loaded by the caller (the server's jest
 * suite runs as CommonJS and loads the ESM package through Node's own require).
 */
export async function startTestProvider(Provider: typeof ProviderType, options: { redirectUri: string; accounts: TestAccount[] }): Promise<TestProvider> {
  const accounts = new Map(options.accounts.map((a) => [a.id, a]));
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'user-centre';
  const clientSecret = 'user-centre-test-secret';
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const provider = new Provider(
    issuer,
    native<Configuration>({
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [options.redirectUri],
          response_types: ['code'],
          grant_types: ['authorization_code'],
        },
      ],
      jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' } as JWK] },
      cookies: { keys: ['test-cookie-key'], long: { sameSite: 'lax' }, short: { sameSite: 'lax' } },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      pkce: { required: () => true },
      ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      async findAccount(_ctx, sub) {
        const account = accounts.get(sub);
        return account ? { accountId: sub, claims: () => native({ sub, email: account.email, email_verified: true, name: account.name }) } : undefined;
      },
      // The test client is first-party: what it asks for is granted without a consent page.
      async loadExistingGrant(ctx) {
        const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
        if (grantId) return ctx.oidc.provider.Grant.find(grantId);
        const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
    }),
  );
  const oidc = provider.callback();

  /** The sign-in page: GET shows it, POST checks the user name and password, /abort cancels. */
  const interaction = async (req: IncomingMessage, res: ServerResponse) => {
    const { uid } = await provider.interactionDetails(req, res);
    if (req.url?.endsWith('/abort')) {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled' }, { mergeWithLastSubmission: false });
      return;
    }
    if (req.method === 'POST') {
      const form = await formOf(req);
      const account = accounts.get(form.get('login') ?? '');
      if (account && account.password === form.get('password')) {
        await provider.interactionFinished(req, res, { login: { accountId: account.id } }, { mergeWithLastSubmission: false });
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(uid, 'Wrong user name or password'));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(uid, ''));
  };
  handle = (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((err: unknown) => res.writeHead(400, { 'content-type': 'text/plain' }).end(String(err)));
      return;
    }
    oidc(req, res);
  };

  return {
    issuer,
    clientId,
    clientSecret,
    entry: (id, name) => ({ id, name, issuer, clientId, clientSecret }),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
