import type { ThemeConfig } from 'antd';

/** Light theme, primary #1890ff (spec section 2). */
export const consoleTheme: ThemeConfig = {
  token: { colorPrimary: '#1890ff' },
};
