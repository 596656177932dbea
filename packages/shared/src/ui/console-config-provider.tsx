import { App, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { useLocale } from '@uc/shared';
import { AntdApiUi } from './antd-api-ui';
import { consoleTheme } from './theme';

/** antd's own texts (pagination, empty states) follow the console locale; non-Chinese falls back to English. */
const antdLocaleOf = (locale: string) => (locale.startsWith('zh') ? zhCN : enUS);

/** Theme, antd locale and direction for everything rendered with the shared antd, plus the API's error UI. */
export function ConsoleConfigProvider({ children }: { children: ReactNode }) {
  const { locale, direction } = useLocale();
  return (
    <ConfigProvider theme={consoleTheme} locale={antdLocaleOf(locale)} direction={direction}>
      <App>
        <AntdApiUi />
        {children}
      </App>
    </ConfigProvider>
  );
}
