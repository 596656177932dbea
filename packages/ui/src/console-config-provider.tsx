import { App, ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { useLocale } from '@uc/client';
import { useAntdLocale } from './antd-locale';
import { AntdApiUi } from './antd-api-ui';
import { consoleTheme } from './theme';

/**
 * Theme, antd locale and direction for everything rendered with the shared antd, plus the API's
 * error UI. Remotes render below the shell's provider, so a language switch reaches them too.
 */
export function ConsoleConfigProvider({ children }: { children: ReactNode }) {
  const { locale, direction } = useLocale();
  const antdLocale = useAntdLocale(locale);
  // The date pickers' month and week names come from dayjs's global locale, not antd's table.
  dayjs.locale(locale.toLowerCase().startsWith('zh') ? 'zh-cn' : 'en');
  return (
    <ConfigProvider theme={consoleTheme} locale={antdLocale} direction={direction}>
      <App>
        <AntdApiUi />
        {children}
      </App>
    </ConfigProvider>
  );
}
