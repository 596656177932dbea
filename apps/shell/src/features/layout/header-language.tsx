import { GlobalOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { LOCALES, setLocale, useLocale, useT } from '@uc/shared';

/** Switches without a reload: the store re-renders every `useT` user and the event informs the rest. */
export function HeaderLanguage() {
  const t = useT();
  const { locale } = useLocale();
  return (
    <Dropdown
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: LOCALES.map((l) => ({ key: l.code, label: l.label })),
        onClick: ({ key }) => setLocale(key),
      }}
    >
      <span role="button" aria-label={t('app.language')} style={{ cursor: 'pointer', padding: '0 12px', fontSize: 16 }}>
        <GlobalOutlined />
      </span>
    </Dropdown>
  );
}
