import { defineModule } from '../../http/module-plugin';
import { tenantPolicyCalls } from './tenant-policy.routes';

/** The platform's tenant policies. */
export const tenantPolicyModule = defineModule('tenant-policy', () => tenantPolicyCalls());
