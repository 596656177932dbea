import { Button, Flex, Input } from 'antd';
import { useState } from 'react';
import { useT } from '@uc/client';
import { IconFont } from '@uc/ui';
import { IconSelectModal } from './icon-select-modal';

export interface IconPickerProps {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}

/** A form control: the icon's class with a preview, a button opening the selector, and clear. */
export function IconPicker({ value = '', onChange, id }: IconPickerProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Flex gap={8}>
      <Input id={id} value={value} readOnly prefix={value ? <IconFont name={value} /> : <span />} allowClear onClear={() => onChange?.('')} />
      <Button onClick={() => setOpen(true)}>{t('perm.icon.choose')}</Button>
      <IconSelectModal
        open={open}
        value={value}
        onCancel={() => setOpen(false)}
        onSubmit={(cls) => {
          onChange?.(cls);
          setOpen(false);
        }}
      />
    </Flex>
  );
}
