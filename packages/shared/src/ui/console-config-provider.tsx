import { App, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useLocale } from '@uc/shared';
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
  return (
    <ConfigProvider theme={consoleTheme} locale={antdLocale} direction={direction}>
      <App>
        <AntdApiUi />
        {children}
      </App>
    </ConfigProvider>
  );
}
