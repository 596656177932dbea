import type { z } from 'zod';
import type { CallContract, MemberRow, Paged } from '@uc/contracts';

/**
 * A row of a user list: a member row, and on a list of several tenants' users (the tenant remote's)
 * the tenant it belongs to. A row that names its tenant is acted on in that tenant.
 */
export type UserRow = MemberRow & { tenantId?: number; tenantName?: string };

/**
 * A paged list call of users: memberListCall and memberRecycleListCall (the caller's tenant, or the
 * TenantScope's), or a list of every tenant's users whose rows also carry tenantId and tenantName.
 */
export type UserListCall = CallContract<z.ZodType, z.ZodType, z.ZodType<Paged<UserRow>>>;
