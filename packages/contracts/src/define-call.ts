import type { z } from 'zod';

/**
 * The header with which a platform administrator makes a call inside another tenant (the tenant
 * details tabs, the users of every tenant): the call runs in that tenant's scope, row-level security
 * and all, with the reach of its own administrator. Only TENANT_OPERABLE_CALLS (catalogue.ts) accept
 * it, and only from callers of the platform tenant who hold TENANT_ACT_PERMISSION as well as the
 * call's own permission.
 */
export const TENANT_HEADER = 'X-UC-Tenant';
/** Opening a tenant's details (tenantViewCall's address) is what lets a caller act in it. */
export const TENANT_ACT_PERMISSION = '/user/admin/tenant/view';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Who may call an API address.
 * - `public`: anyone, signed in or not (an explicit, short list: login, captcha, site config...).
 * - `session`: any signed-in user (their own profile, their own menus).
 * - `permission`: only callers whose roles' menus carry this call's path as a permission string.
 */
export type CallAccess = 'public' | 'session' | 'permission';

export interface CallContract<Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /** The API address; also the permission string that guards it (DESIGN.md section 5). */
  path: string;
  access: CallAccess;
  /**
   * Only users of the platform's own tenant may call it (tenants, their policies and invitations are
   * the platform's to administer); everyone else gets a 403 even when a role grants the address.
   */
  platformOnly?: boolean;
  /**
   * The permission string that guards the call when it is not its own path: a batch call needs exactly
   * what its single-row call needs (`permission: memberStatusCall.path`), so it takes no menu entry or
   * grant of its own. The registrar's check, the client's `useCan` and the permission catalogue read
   * it through permissionOf().
   */
  permission?: string;
  /**
   * The call acts on the user whose id is `body.id` (edit, status, password, sessions, recycle bin,
   * balance and points): the server refuses it (403) when that user holds any permission, data reach or
   * super-administrator power the caller lacks, so no one takes over an account stronger than their own.
   * `'ids'`: a batch call acting on each user of `body.ids`; the same guard runs for each row, and
   * refuses that row only.
   */
  actsOnUser?: boolean | 'ids';
  /**
   * A batch call (batch.ts): the records of `body.ids` are acted on one by one, each in a savepoint of
   * the call's transaction and by the single-row call's code, and the answer says for each whether it
   * was done or refused and why. Made with defineBatchCall.
   */
  batch?: boolean;
  summary: string;
  /** Short tag for the OpenAPI document and the permission catalogue (the domain). */
  tag: string;
  query?: Q;
  body?: B;
  /** Schema of `data` inside the envelope. */
  data: D;
}

/** One contract per API call: the server validates and documents with it, the client types its calls with it. */
export function defineCall<D extends z.ZodType, Q extends z.ZodType = z.ZodNever, B extends z.ZodType = z.ZodNever>(
  c: CallContract<Q, B, D>,
): CallContract<Q, B, D> {
  return c;
}

/** The permission string a call needs: its `permission` when it names one (a batch call's), else its address. */
export const permissionOf = (call: Pick<CallContract, 'path' | 'permission'>): string => call.permission ?? call.path;

export type CallQuery<C> = C extends CallContract<infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type CallBody<C> = C extends CallContract<z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type CallData<C> = C extends CallContract<z.ZodType, z.ZodType, infer D> ? z.output<D> : never;
