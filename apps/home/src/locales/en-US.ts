import type { MessageTable } from '@uc/client';

export const homeEnUS: MessageTable = {};
