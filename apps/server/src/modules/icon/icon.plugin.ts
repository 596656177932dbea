import { defineModule } from '../../http/module-plugin';
import { iconCalls } from './icon.routes';

/** The icon font's catalogue. */
export const iconModule = defineModule('icon', ({ icons }) => iconCalls(icons));
