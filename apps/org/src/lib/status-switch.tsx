import { Switch } from 'antd';
import { useState } from 'react';
import { useT } from '@uc/shared';

interface StatusSwitchProps {
  status: number;
  disabled?: boolean;
  /** Saves the new status (1 enabled, 2 disabled); the switch spins until it settles. */
  onChange: (status: 1 | 2) => Promise<unknown>;
}

/** The enabled/disabled switch of a table row. */
export function StatusSwitch({ status, disabled, onChange }: StatusSwitchProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <Switch
      size="small"
      checked={status === 1}
      loading={busy}
      disabled={disabled}
      checkedChildren={t('org.status.enabled')}
      unCheckedChildren={t('org.status.disabled')}
      onChange={(on) => {
        setBusy(true);
        onChange(on ? 1 : 2)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    />
  );
}
