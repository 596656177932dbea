import { defineModule } from '../../http/module-plugin';
import { tenantCalls } from './tenant.routes';

/** The platform's administration of tenants. */
export const tenantModule = defineModule('tenant', () => tenantCalls());
