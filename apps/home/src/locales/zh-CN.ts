import type { MessageTable } from '@uc/shared';

export const homeZhCN: MessageTable = {};
