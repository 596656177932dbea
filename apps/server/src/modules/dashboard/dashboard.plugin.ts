import { defineModule } from '../../http/module-plugin';
import { createDashboard } from './dashboard.module';

/** The dashboards; its request metrics hook into every route, so it is made before registerCalls adds them. */
export const dashboardModule = defineModule('dashboard', ({ database }, app) => createDashboard(app, database));
