import { createHash, randomBytes } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oidcHandoffs, oidcRequests } from '../../db/schema';

/** Why a flow was started: binding an account, or signing in with one (stored in oidc_requests.purpose). */
export { OidcPurpose } from '../../db/schema';
import type { FlowChecks } from './oidc-providers';

/*
 * The flows in progress, on the system connection (reviewed bypass, db/tenant-scope.ts): a sign-in
 * has no tenant yet, and uc_app has no privilege on these tables (drizzle/0031). Every secret is
 * stored as its sha256, like session tokens; each row is taken (deleted) by the one answer it waits for.
 */

/** How long a provider may take to answer (the user signs in there meanwhile). */
export const REQUEST_TTL_MS = 10 * 60_000;
/** How long the login page has to take a finished sign-in. */
export const HANDOFF_TTL_MS = 2 * 60_000;

export const digest = (value: string): string => createHash('sha256').update(value).digest('base64url');
/** 256 random bits, URL-safe. */
export const randomSecret = (): string => randomBytes(32).toString('base64url');

export interface NewRequest {
  purpose: number;
  provider: string;
  checks: FlowChecks;
  redirectUri: string;
  /** The browser's flow cookie. */
  browser: string;
  /** Binding: who asked. */
  binder?: { tenantId: number; userId: number };
  returnTo?: string;
}

export async function saveRequest(db: Db, r: NewRequest): Promise<void> {
  await db.insert(oidcRequests).values({
    stateHash: digest(r.checks.state),
    purpose: r.purpose,
    provider: r.provider,
    nonce: r.checks.nonce,
    codeVerifier: r.checks.codeVerifier,
    redirectUri: r.redirectUri,
    browserHash: digest(r.browser),
    tenantId: r.binder?.tenantId ?? null,
    userId: r.binder?.userId ?? null,
    returnTo: r.returnTo ?? '',
    expiresAt: new Date(Date.now() + REQUEST_TTL_MS),
  });
  // Abandoned flows (the user never came back) only grow the table: sweep now and then.
  if (Math.random() < 0.05) {
    await db.delete(oidcRequests).where(lt(oidcRequests.expiresAt, sql`now()`));
    await db.delete(oidcHandoffs).where(lt(oidcHandoffs.expiresAt, sql`now()`));
  }
}

export type StoredRequest = typeof oidcRequests.$inferSelect;

/**
 * Takes the request a state names, if it is still live and was started in this browser: it is gone
 * either way, so a state is answered once (a replayed callback finds nothing).
 */
export async function takeRequest(db: Db, state: string, browser: string | undefined): Promise<{ live?: StoredRequest; spent?: StoredRequest }> {
  const [row] = await db
    .delete(oidcRequests)
    .where(eq(oidcRequests.stateHash, digest(state)))
    .returning();
  if (!row) return {};
  const live = row.expiresAt.getTime() > Date.now() && browser !== undefined && digest(browser) === row.browserHash;
  return live ? { live: row } : { spent: row };
}

export type Handoff =
  | { browser: string; provider: string; user: { tenantId: number; userId: number } }
  | { browser: string; provider: string; refusal: { message: string; params: Record<string, string | number> } };

/** Keeps a finished sign-in for the login page; returns its one-time code. */
export async function saveHandoff(db: Db, h: Handoff): Promise<string> {
  const code = randomSecret();
  await db.insert(oidcHandoffs).values({
    codeHash: digest(code),
    browserHash: digest(h.browser),
    provider: h.provider,
    tenantId: 'user' in h ? h.user.tenantId : null,
    userId: 'user' in h ? h.user.userId : null,
    refusal: 'refusal' in h ? h.refusal.message : '',
    refusalParams: 'refusal' in h ? h.refusal.params : {},
    expiresAt: new Date(Date.now() + HANDOFF_TTL_MS),
  });
  return code;
}

export type StoredHandoff = typeof oidcHandoffs.$inferSelect;

/** Takes the sign-in a code names when it is live and this is the browser it was made for (used up either way). */
export async function takeHandoff(db: Db, code: string, browser: string | undefined): Promise<StoredHandoff | undefined> {
  const [row] = await db
    .delete(oidcHandoffs)
    .where(eq(oidcHandoffs.codeHash, digest(code)))
    .returning();
  if (!row || row.expiresAt.getTime() <= Date.now() || browser === undefined || digest(browser) !== row.browserHash) return undefined;
  return row;
}
