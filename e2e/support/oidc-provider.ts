import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type JWK } from 'oidc-provider';

/*
 * A real OpenID Connect provider for browser tests: oidc-provider on 127.0.0.1 and a random port, its
 * own sign-in page (user name and password, checked), one client for the server under test, consent
 * implied for it (a first-party application). Opened in two steps because each side needs the other's
 * address: the port first (the server is started with the issuer), then the client with the server's
 * redirect URI.
 */

export interface SsoAccount {
  /** The provider's subject (sub). */
  id: string;
  password: string;
  email: string;
  name: string;
}

export interface TestSso {
  issuer: string;
  /** OIDC_PROVIDERS for a server that uses this provider as `id`. */
  providersEnv(id: string, name: string): string;
  /** Registers the server's client (its redirect URI) and starts answering. */
  start(redirectUri: string, accounts: SsoAccount[]): void;
  close(): Promise<void>;
}

const CLIENT_ID = 'user-centre-e2e';
const CLIENT_SECRET = 'user-centre-e2e-secret';
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const signInPage = (uid: string, error: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test SSO</title></head><body>
<h1>Test SSO</h1>${error ? `<p role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/interaction/${uid}">
<label>Username <input name="login" autocomplete="off"></label>
<label>Password <input name="password" type="password"></label>
<button type="submit">Sign in to Test SSO</button>
</form>
<a href="/interaction/${uid}/abort">Cancel</a>
</body></html>`;

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return new URLSearchParams(body);
}

export async function openTestSso(): Promise<TestSso> {
  let handle = (_req: IncomingMessage, res: ServerResponse) => void res.writeHead(503).end('not started');
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    providersEnv: (id, name) => JSON.stringify([{ id, name, issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }]),
    start(redirectUri, list) {
      const accounts = new Map(list.map((a) => [a.id, a]));
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const config: Configuration = {
        clients: [
          { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [redirectUri], response_types: ['code'], grant_types: ['authorization_code'] },
        ],
        jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'e2e', use: 'sig', alg: 'RS256' } as JWK] },
        // Lax: Chromium drops SameSite=None cookies that are not Secure, and this provider speaks http.
        cookies: { keys: ['e2e-cookie-key'], long: { sameSite: 'lax' }, short: { sameSite: 'lax' } },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        pkce: { required: () => true },
        ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
        async findAccount(_ctx, sub) {
          const account = accounts.get(sub);
          return account ? { accountId: sub, claims: () => ({ sub, email: account.email, email_verified: true, name: account.name }) } : undefined;
        },
        async loadExistingGrant(ctx) {
          const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
          if (grantId) return ctx.oidc.provider.Grant.find(grantId);
          const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId });
          grant.addOIDCScope('openid email profile');
          await grant.save();
          return grant;
        },
      };
      const provider = new Provider(issuer, config);
      const oidc = provider.callback();
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
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(signInPage(uid, 'Wrong user name or password'));
          return;
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(signInPage(uid, ''));
      };
      handle = (req, res) => {
        if (req.url?.startsWith('/interaction/')) {
          interaction(req, res).catch((err: unknown) => res.writeHead(400, { 'content-type': 'text/plain' }).end(String(err)));
          return;
        }
        oidc(req, res);
      };
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
