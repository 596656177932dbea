import { defineModule } from '../../http/module-plugin';
import { roleNavigationCalls } from './role-navigation.routes';
import { roleCalls } from './role.routes';

/** Roles, and the navigation their menus give the caller. */
export const roleModule = defineModule('role', () => [...roleNavigationCalls(), ...roleCalls()]);
