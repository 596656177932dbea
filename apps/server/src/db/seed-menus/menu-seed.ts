import type { CallContract } from '@uc/contracts';

export interface MenuSeed {
  /** 1 directory, 2 menu, 3 button. */
  type: 1 | 2 | 3;
  name: string;
  locale: string;
  path?: string;
  component?: string;
  redirect?: string;
  icon?: string;
  permissions?: CallContract[];
  hidden?: boolean;
  children?: MenuSeed[];
}
