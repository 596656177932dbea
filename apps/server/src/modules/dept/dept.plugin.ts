import { defineModule } from '../../http/module-plugin';
import { deptCalls } from './dept.routes';

/** Departments. */
export const deptModule = defineModule('dept', () => deptCalls());
