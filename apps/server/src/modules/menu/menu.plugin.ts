import { defineModule } from '../../http/module-plugin';
import { menuCalls } from './menu.routes';

/** Menus and the permissions they carry. */
export const menuModule = defineModule('menu', () => menuCalls());
