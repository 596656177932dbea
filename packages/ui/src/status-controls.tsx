import { Radio, Switch, Tag } from 'antd';
import { useState } from 'react';
import { Status, type StatusValue } from '@uc/contracts';
import { useT } from '@uc/client';

/** The enabled/disabled choice of a form (Form.Item name="status"). */
export function StatusRadio(props: { value?: StatusValue; onChange?: (value: StatusValue) => void; disabled?: boolean }) {
  const t = useT();
  return (
    <Radio.Group
      {...props}
      onChange={(e) => props.onChange?.(e.target.value as StatusValue)}
      options={[
        { value: Status.enabled, label: t('status.enabled') },
        { value: Status.disabled, label: t('status.disabled') },
      ]}
    />
  );
}

/** A row's status where it cannot be changed. */
export function StatusTag({ status }: { status: number }) {
  const t = useT();
  return status === Status.enabled ? <Tag color="success">{t('status.enabled')}</Tag> : <Tag>{t('status.disabled')}</Tag>;
}

export interface StatusSwitchProps {
  status: number;
  disabled?: boolean;
  /** Names the row for screen readers ("状态 张三"). */
  label?: string;
  /** Saves the new status; the switch spins until it settles (a refusal leaves it as it was). */
  onChange: (status: StatusValue) => Promise<unknown>;
}

/** The enabled/disabled switch of a table row. */
export function StatusSwitch({ status, disabled, label, onChange }: StatusSwitchProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <Switch
      size="small"
      checked={status === Status.enabled}
      loading={busy}
      disabled={disabled}
      aria-label={label}
      checkedChildren={t('status.enabled')}
      unCheckedChildren={t('status.disabled')}
      onChange={(on) => {
        setBusy(true);
        onChange(on ? Status.enabled : Status.disabled)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    />
  );
}
