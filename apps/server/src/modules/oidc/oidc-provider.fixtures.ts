import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Module } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Configuration, JWK, default as ProviderType } from 'oidc-provider';

/*
 * A real OpenID Connect provider for tests, the one both the server's jest suite (oidc.test.ts) and the
 * browser tests (e2e, as `@uc/server/testing/oidc-provider`) use: oidc-provider on 127.0.0.1 and a
 * random port, one client registered for the server under test and its own sign-in page (user name and
 * password, checked; a Cancel link that answers access_denied). Consent is implied for the test client,
 * as a provider does for its first-party applications (loadExistingGrant), so signing in is the only step.
 *
 * Opened in two steps because a browser test's server and this provider each need the other's address:
 * `openTestProvider` takes the port (the server is started with the issuer), `start` registers the
 * client with the server's redirect URI and begins answering (503 until then).
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
  /** The OIDC_PROVIDERS entry for it, as the provider `id`. */
  entry(id: string, name: string): Record<string, string>;
  /** Registers the server's client (its redirect URI) with the accounts that may sign in, and starts answering. */
  start(redirectUri: string, accounts: TestAccount[]): void;
  close(): Promise<void>;
}

/**
 * A package loaded by Node itself rather than by jest: openid-client and oidc-provider are ESM only,
 * which jest's CommonJS runtime refuses (even through createRequire, which it replaces), while Node
 * 20.19+ requires ESM. The real package, in the same process; only the loader differs. Jest only: an
 * ES module (e2e) imports the packages directly.
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
 * Outside jest the objects are Node's already and this only copies them.
 */
function native<T>(value: T): T {
  if (Array.isArray(value)) return value.map(native) as T;
  if (!value || typeof value !== 'object' || Object.getPrototypeOf(Object.getPrototypeOf(value)) !== null) return value;
  const out = new NodeObject() as Record<string, unknown>;
  for (const [key, inner] of Object.entries(value)) out[key] = native(inner);
  return out as T;
}

const CLIENT_ID = 'user-centre';
const CLIENT_SECRET = 'user-centre-test-secret';
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(uid: string, error: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test SSO sign-in</title></head><body>
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

/** The provider's configuration: the server's client, the accounts, and consent implied for that client. */
function configuration(redirectUri: string, accounts: Map<string, TestAccount>): Configuration {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    clients: [
      { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [redirectUri], response_types: ['code'], grant_types: ['authorization_code'] },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' } as JWK] },
    // Lax: Chromium drops SameSite=None cookies that are not Secure, and this provider speaks http.
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
  };
}

/**
 * Opens the provider's port. `Provider` is oidc-provider's class, loaded by the caller: an ES module
 * imports it, the server's jest suite (CommonJS) loads it with `nodeRequire`.
 */
export async function openTestProvider(Provider: typeof ProviderType): Promise<TestProvider> {
  let handle = (_req: IncomingMessage, res: ServerResponse) => void res.writeHead(503).end('not started');
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    entry: (id, name) => ({ id, name, issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }),
    start(redirectUri, list) {
      const accounts = new Map(list.map((a) => [a.id, a]));
      const provider = new Provider(issuer, native(configuration(redirectUri, accounts)));
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
        // The provider's Koa app answers its own errors.
        void oidc(req, res);
      };
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
