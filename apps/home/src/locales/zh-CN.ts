import type { MessageTable } from '@uc/client';

export const homeZhCN: MessageTable = {};
