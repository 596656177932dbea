import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover } from 'antd';
import { useT } from '@uc/client';

interface ColumnSettingsProps {
  columns: { key: string; title: string }[];
  hidden: string[];
  onChange: (hidden: string[]) => void;
}

/** Show or hide table columns; the choice is kept per screen in local storage by the caller. */
export function ColumnSettings({ columns, hidden, onChange }: ColumnSettingsProps) {
  const t = useT();
  return (
    <Popover
      trigger="click"
      title={t('org.columns.title')}
      content={
        <Checkbox.Group
          style={{ display: 'flex', flexDirection: 'column' }}
          value={columns.map((c) => c.key).filter((k) => !hidden.includes(k))}
          options={columns.map((c) => ({ value: c.key, label: c.title }))}
          onChange={(shown) => onChange(columns.map((c) => c.key).filter((k) => !shown.includes(k)))}
        />
      }
    >
      <Button icon={<SettingOutlined />} aria-label={t('org.columns.title')} />
    </Popover>
  );
}
