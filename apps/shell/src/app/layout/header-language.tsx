import { GlobalOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { LOCALES, setLocale, useLocale, useT } from '@uc/client';

/** Switches without a reload: the store re-renders every `useT` user and the event informs the rest. */
export function HeaderLanguage() {
  const t = useT();
  const { locale } = useLocale();
  const [open, setOpen] = useState(false);
  // Reachable by Tab; Enter, Space or ArrowDown open the menu with the focus in it (antd then moves with the arrows).
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
    }
  };
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      autoFocus
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: LOCALES.map((l) => ({ key: l.code, label: l.label })),
        onClick: ({ key }) => {
          setOpen(false);
          setLocale(key);
        },
      }}
    >
      <span
        role="button"
        tabIndex={0}
        aria-label={t('app.language')}
        aria-haspopup="menu"
        aria-expanded={open}
        onKeyDown={onKeyDown}
        style={{ cursor: 'pointer', padding: '0 12px', fontSize: 16 }}
      >
        <GlobalOutlined />
      </span>
    </Dropdown>
  );
}
