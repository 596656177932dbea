import { defineModule } from '../../http/module-plugin';
import { tenantQuotaCalls } from './quota.routes';

/** The tenant's quotas and their use. */
export const quotaModule = defineModule('quota', () => tenantQuotaCalls());
