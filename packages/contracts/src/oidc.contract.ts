import { z } from 'zod';
import { defineCall, type CallContract } from './define-call';
import { NO_NUL } from './fields';
import { loginResultSchema } from './site.contract';

/*
 * Third-party sign-in with OpenID Connect (issue 14): a user binds their account to their account at
 * a provider the platform configures (OIDC_PROVIDERS on the server), and from then on may sign in
 * with that provider from the login page. The browser walks the authorization code flow (PKCE, state
 * and nonce kept on the server, single use, bound to the browser by an HttpOnly cookie); the long-lived
 * session token never travels in an address: the callback hands the login page a one-time code that
 * oidcExchangeCall turns into the session.
 */

const OIDC = '/user/admin/oidc';

/** A configured provider as the console shows it. */
export const oidcProviderSchema = z.object({
  /** The id in OIDC_PROVIDERS: what the calls name a provider by. */
  id: z.string(),
  /** Its display name ("Corp SSO"). */
  name: z.string(),
});
export type OidcProvider = z.infer<typeof oidcProviderSchema>;

/** A provider id: letters, digits, _ and - (as OIDC_PROVIDERS allows). */
export const oidcProviderIdSchema = z
  .string({ error: 'Choose an identity provider' })
  .trim()
  .min(1, 'Choose an identity provider')
  .max(64, 'The identity provider must be at most 64 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'The identity provider may contain letters, digits, _ and - only');

export const oidcProvidersCall = defineCall({
  method: 'GET',
  path: `${OIDC}/providers`,
  access: 'public',
  tag: 'oidc',
  summary: 'The OpenID Connect providers users may bind and sign in with (empty when none is configured): the login page shows a button for each.',
  data: z.array(oidcProviderSchema),
});

/** Where the browser goes next: the provider's authorization page. */
export const oidcRedirectSchema = z.object({ url: z.string() });

export const oidcLoginCall = defineCall({
  method: 'POST',
  path: `${OIDC}/login`,
  access: 'public',
  tag: 'oidc',
  summary:
    "Starts signing in with a provider: answers its authorization address (send the browser there) and sets the flow's cookie. The provider sends the browser back to the callback, which opens the login page with a one-time code (or a reason).",
  body: z.object({
    provider: oidcProviderIdSchema,
    /** Where to go once signed in (a console address; the login page checks it as for a password sign-in). */
    redirect: z
      .string({ error: 'The return address must be text' })
      .max(2048, 'The return address must be at most 2048 characters')
      .regex(NO_NUL, 'The return address cannot contain NUL characters')
      .default(''),
  }),
  data: oidcRedirectSchema,
});

/** What the provider sends back (RFC 6749 4.1.2 and 4.1.2.1; iss: RFC 9207); anything else is passed on as received. */
const callbackParam = z.string().max(4096, 'Callback parameters must be at most 4096 characters').optional();

export const oidcCallbackCall = defineCall({
  method: 'GET',
  path: `${OIDC}/callback`,
  access: 'public',
  tag: 'oidc',
  summary:
    'The redirect URI to register at each provider ({PUBLIC_URL}/user/admin/oidc/callback). Answers 302: after binding to the account settings (?view=settings&tab=binding&oidc=<result>&provider=<id>), after a sign-in to the login page (?oidc=<one-time code>, or ?oidcError=<reason>).',
  query: z.looseObject({ code: callbackParam, state: callbackParam, error: callbackParam, error_description: callbackParam, iss: callbackParam }),
  data: z.null(),
});

export const oidcExchangeCall = defineCall({
  method: 'POST',
  path: `${OIDC}/exchange`,
  access: 'public',
  tag: 'oidc',
  summary:
    "Turns the one-time code the callback gave the login page into a session (same browser only, once, within 2 minutes), with the checks of a password sign-in: or the reason the provider's account may not sign in.",
  body: z.object({
    code: z
      .string({ error: 'The sign-in code is required' })
      .trim()
      .min(1, 'The sign-in code is required')
      .max(128, 'The sign-in code must be at most 128 characters')
      .regex(NO_NUL, 'The sign-in code cannot contain NUL characters'),
  }),
  data: loginResultSchema,
});

/** The caller's account at one provider, as the provider described it when it was bound. */
export const oidcIdentitySchema = z.object({
  /** The provider's stable id of the account (the ID token's sub). */
  subject: z.string(),
  /** The account's e-mail and name at the provider ('' when it shared none), for recognising it. */
  email: z.string(),
  name: z.string(),
  /** When it was bound, ISO date-time. */
  createdAt: z.string(),
});
export type OidcIdentity = z.infer<typeof oidcIdentitySchema>;

export const oidcBindingSchema = z.object({
  provider: z.string(),
  /** The provider's display name (the id again for a binding whose provider is no longer configured). */
  providerName: z.string(),
  /** false: the provider was removed from OIDC_PROVIDERS; the binding stays until unbound but cannot sign in. */
  configured: z.boolean(),
  /** null: not bound. */
  identity: oidcIdentitySchema.nullable(),
});
export type OidcBinding = z.infer<typeof oidcBindingSchema>;

export const oidcBindingsCall = defineCall({
  method: 'GET',
  path: `${OIDC}/bindings`,
  access: 'session',
  tag: 'oidc',
  summary: "Every configured provider with the caller's binding there (or null), then any binding whose provider is no longer configured.",
  data: z.array(oidcBindingSchema),
});

export const oidcBindCall = defineCall({
  method: 'POST',
  path: `${OIDC}/bind`,
  access: 'session',
  tag: 'oidc',
  summary:
    "Starts binding the caller's account to their account at a provider: answers the provider's authorization address (send the browser there) and sets the flow's cookie; the callback stores the binding.",
  body: z.object({ provider: oidcProviderIdSchema }),
  data: oidcRedirectSchema,
});

export const oidcUnbindCall = defineCall({
  method: 'POST',
  path: `${OIDC}/unbind`,
  access: 'session',
  tag: 'oidc',
  summary: "Removes the caller's binding at a provider: that account no longer signs in here.",
  body: z.object({ provider: oidcProviderIdSchema }),
  data: z.null(),
});

/** What the callback reports after binding (?oidc=): the account settings say it in the reader's language. */
export const OidcBindResult = {
  bound: 'bound',
  /** The provider's account is bound to another user already. */
  taken: 'taken',
  /** The flow ran out, was used already or was started in another browser. */
  expired: 'expired',
  /** The user cancelled at the provider. */
  denied: 'denied',
  /** The provider's answer could not be used (its error, or a check failed): the server log says why. */
  failed: 'failed',
} as const;
export type OidcBindResultValue = (typeof OidcBindResult)[keyof typeof OidcBindResult];

/** Why the callback sent the browser back to the login page without a code (?oidcError=). */
export const OidcLoginError = { expired: 'expired', denied: 'denied', failed: 'failed' } as const;
export type OidcLoginErrorValue = (typeof OidcLoginError)[keyof typeof OidcLoginError];

export const OIDC_CALLS: readonly CallContract[] = [
  oidcProvidersCall,
  oidcLoginCall,
  oidcCallbackCall,
  oidcExchangeCall,
  oidcBindingsCall,
  oidcBindCall,
  oidcUnbindCall,
];
