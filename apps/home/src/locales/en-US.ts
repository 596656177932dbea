import type { MessageTable } from '@uc/shared';

export const homeEnUS: MessageTable = {};
