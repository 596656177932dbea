import { registerMessages } from '@uc/client';
import { __name__EnUS } from './en-US';
import { __name__ZhCN } from './zh-CN';

export function register__Name__Messages(): void {
  registerMessages('zh-CN', __name__ZhCN);
  registerMessages('en-US', __name__EnUS);
}
