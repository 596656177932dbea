import { App, ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { useLocale } from '@uc/client';
import { useAntdLocale } from './antd-locale';
import { AntdApiUi } from './antd-api-ui';
import { palette } from './palette';
import { consoleTheme } from './theme';

/**
 * What the theme's tokens cannot say (WCAG 2.1 AA). A sortable column header takes the keyboard's focus
 * but antd draws no ring on it. The measure row antd puts in a scrolling table copies the headers, the
 * select-all checkbox included, into an aria-hidden row: hidden from the keyboard too, it still measures.
 */
const consoleCss = `
.ant-table-wrapper .ant-table-thead > tr > th.ant-table-column-has-sorters:focus-visible {
  outline: 2px solid ${palette.brand}; outline-offset: -2px;
}
.ant-table-wrapper .ant-table-measure-row { visibility: hidden; }
`;

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
      <style>{consoleCss}</style>
      <App>
        <AntdApiUi />
        {children}
      </App>
    </ConfigProvider>
  );
}
