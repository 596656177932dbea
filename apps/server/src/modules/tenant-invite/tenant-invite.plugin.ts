import { defineModule } from '../../http/module-plugin';
import { tenantInviteCalls } from './tenant-invite.routes';

/** The platform's invitations of new tenants. */
export const tenantInviteModule = defineModule('tenant-invite', () => tenantInviteCalls());
