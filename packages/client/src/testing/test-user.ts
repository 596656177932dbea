import { currentUserSchema, type CurrentUser } from '@uc/contracts';

/**
 * A signed-in user for this package's own tests: the platform's super administrator unless `over` says
 * otherwise, parsed by its contract. (@uc/testing has the same for everyone else; it builds on this
 * package, so this package's tests cannot use it.)
 */
export const testUser = (over: Partial<CurrentUser> = {}): CurrentUser =>
  currentUserSchema.parse({
    id: 1,
    username: 'admin',
    realName: '',
    avatar: '',
    tenantId: 1,
    tenantName: 'P',
    isSuperAdmin: true,
    roles: [],
    permissions: [],
    ...over,
  });
