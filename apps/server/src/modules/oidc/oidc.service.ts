import {
  OidcBindResult,
  OidcLoginError,
  oidcBindCall,
  type LoginResult,
  type OidcBindResultValue,
  type OidcBinding,
  type OidcLoginErrorValue,
} from '@uc/contracts';
import type { Db } from '../../db/client';
import { withTenant } from '../../db/tenant-scope';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, forbidden } from '../../lib/errors';
import { openSession, type ClientInfo } from '../auth/auth.service';
import { signInUserById } from '../auth/sign-in.repository';
import { logAttempt } from '../security/login-log.repository';
import { OidcPurpose, saveHandoff, saveRequest, takeHandoff, takeRequest, type StoredRequest } from './oidc-flow.repository';
import { boundUser, holderOf, identitiesOf, storeBinding } from './oidc-identity.repository';
import type { OidcProviders, ProviderAccount } from './oidc-providers';

export const UNBOUND =
  'This account at {provider} is not bound to any user here: sign in with your user name and password, then bind it under Account settings, Third-party accounts';
export const HANDOFF_SPENT = 'code: this sign-in with the provider ran out or was used already: sign in with the provider again';

/** The address the provider sends the browser back to; register it at the provider. */
export const CALLBACK_PATH = '/user/admin/oidc/callback';
/** Where a binding's outcome is shown: the account settings' binding tab. */
export const BIND_PAGE = '/user/web/home/account?view=settings&tab=binding';
export const LOGIN_PAGE = '/user/web/user/login';

const bindPage = (result: OidcBindResultValue, provider: string) => `${BIND_PAGE}&${new URLSearchParams({ oidc: result, provider })}`;
const loginPage = (query: Record<string, string>) => `${LOGIN_PAGE}?${new URLSearchParams(query)}`;

/** Starts a flow: keeps its checks for the answer and gives the provider's authorization address. */
export async function startFlow(
  db: Db,
  providers: OidcProviders,
  flow: { provider: string; redirectUri: string; browser: string; binder?: { tenantId: number; userId: number }; returnTo?: string },
): Promise<string> {
  const provider = providers.require(flow.provider);
  const { url, checks } = await providers.authorizationUrl(provider, flow.redirectUri);
  await saveRequest(db, { ...flow, purpose: flow.binder ? OidcPurpose.bind : OidcPurpose.signIn, checks });
  return url;
}

export interface CallbackInput {
  /** The query string as the provider sent it ('' or starting with ?). */
  search: string;
  state: string;
  error: string;
  browser: string | undefined;
  client: ClientInfo;
  warn: (message: string, detail: Record<string, unknown>) => void;
}

/**
 * Answers the provider's redirect; returns the console address to send the browser to. Nothing here
 * throws at the browser: every outcome is an address that says it (a refusal of the sign-in itself
 * is kept for the login page, which asks for it in the reader's language).
 */
export async function completeCallback(db: Db, providers: OidcProviders, input: CallbackInput): Promise<string> {
  const { live, spent } = input.state ? await takeRequest(db, input.state, input.browser) : {};
  const failed = (request: StoredRequest | undefined, reason: OidcBindResultValue & OidcLoginErrorValue) =>
    request?.purpose === OidcPurpose.bind ? bindPage(reason, request.provider) : loginPage({ oidcError: reason });
  // Unknown, used, run out, or started in another browser: the same answer for each.
  if (!live) return failed(spent, OidcLoginError.expired);
  if (input.error) {
    input.warn('The OpenID Connect provider refused the authorization', { provider: live.provider, error: input.error });
    return failed(live, input.error === 'access_denied' ? OidcLoginError.denied : OidcLoginError.failed);
  }
  const provider = providers.find(live.provider);
  if (!provider) {
    input.warn('The OpenID Connect provider of this flow is no longer in OIDC_PROVIDERS', { provider: live.provider });
    return failed(live, OidcLoginError.failed);
  }
  let account: ProviderAccount;
  try {
    const callbackUrl = new URL(live.redirectUri);
    callbackUrl.search = input.search;
    account = await providers.account(provider, callbackUrl, { state: input.state, nonce: live.nonce, codeVerifier: live.codeVerifier });
  } catch (err) {
    input.warn('The OpenID Connect answer could not be used', { provider: live.provider, reason: err instanceof Error ? err.message : String(err) });
    return failed(live, OidcLoginError.failed);
  }
  if (live.purpose === OidcPurpose.bind) return bindPage(await bind(db, live, account, input.client.ip), live.provider);
  const code = await handOff(db, live, account, provider.name, input);
  return loginPage({ oidc: code, ...(live.returnTo ? { redirect: live.returnTo } : {}) });
}

/** Stores the binding the binder asked for, unless the account belongs to someone else; audited. */
async function bind(db: Db, request: StoredRequest, account: ProviderAccount, ip: string): Promise<OidcBindResultValue> {
  const tenantId = request.tenantId!;
  const userId = request.userId!;
  // The system connection sees every tenant's bindings (reviewed bypass): an account signs in to one user only.
  const holder = await holderOf(db, request.provider, account.subject);
  if (holder !== undefined) return holder === userId ? OidcBindResult.bound : OidcBindResult.taken;
  try {
    // The write itself in the binder's tenant, under its row-level security, as any signed-in call.
    const stored = await withTenant(db, tenantId, (tx) =>
      storeBinding(tx, {
        tenantId,
        userId,
        provider: request.provider,
        subject: account.subject,
        email: account.email,
        name: account.name,
        action: oidcBindCall.path,
        ip,
      }),
    );
    return stored ? OidcBindResult.bound : OidcBindResult.failed;
  } catch (err) {
    // Another user bound the same account at the same moment: the index decided.
    if (isUniqueViolation(err, 'user_oidc_identities_subject_uq')) return OidcBindResult.taken;
    throw err;
  }
}

/** Finds the user the account is bound to and keeps the outcome for the login page; returns the one-time code. */
async function handOff(db: Db, request: StoredRequest, account: ProviderAccount, providerName: string, input: CallbackInput): Promise<string> {
  const browser = input.browser!;
  // Before any tenant is known, like a password sign-in (reviewed bypass).
  const user = await boundUser(db, request.provider, account.subject);
  if (user) return saveHandoff(db, { browser, provider: request.provider, user });
  await logAttempt(db, {
    method: 'oidc',
    username: `${request.provider}:${account.email || account.subject}`,
    ...input.client,
    reason: 'unbound',
  });
  return saveHandoff(db, { browser, provider: request.provider, refusal: { message: UNBOUND, params: { provider: providerName } } });
}

/**
 * The login page's one-time code → a session, with the checks and log of every sign-in (openSession:
 * disabled user, disabled or expired tenant), or the refusal the callback kept.
 */
export async function exchange(
  db: Db,
  providers: OidcProviders,
  input: { code: string; browser: string | undefined; client: ClientInfo; ttlHours: number },
): Promise<LoginResult> {
  const { code, browser, client, ttlHours } = input;
  const handoff = await takeHandoff(db, code, browser);
  if (!handoff) throw badRequest(HANDOFF_SPENT);
  if (handoff.refusal) throw forbidden(handoff.refusal, handoff.refusalParams);
  const user = await signInUserById(db, handoff.tenantId!, handoff.userId!);
  // Deleted in the seconds since the callback: as if never bound.
  if (!user) throw forbidden(UNBOUND, { provider: providers.find(handoff.provider)?.name ?? handoff.provider });
  return openSession(db, user, 'oidc', client, ttlHours);
}

/** Every configured provider with the user's binding there, then bindings of providers no longer configured. */
export async function bindingsOf(tx: Db, providers: OidcProviders, tenantId: number, userId: number): Promise<OidcBinding[]> {
  const rows = await identitiesOf(tx, tenantId, userId);
  const identity = (r: (typeof rows)[number]) => ({ subject: r.subject, email: r.email, name: r.name, createdAt: r.createdAt.toISOString() });
  const byProvider = new Map(rows.map((r) => [r.provider, r]));
  const configured = providers.shown.map((p) => {
    const row = byProvider.get(p.id);
    return { provider: p.id, providerName: p.name, configured: true, identity: row ? identity(row) : null };
  });
  const orphans = rows
    .filter((r) => !providers.find(r.provider))
    .map((r) => ({ provider: r.provider, providerName: r.provider, configured: false, identity: identity(r) }));
  return [...configured, ...orphans];
}
