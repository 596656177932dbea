import { Button, Space, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { filterByPermission, useAccess, type PermissionGated } from '@uc/shared';

export interface PermissionButtonItem extends PermissionGated, Omit<ButtonProps, 'children'> {
  key: string;
  label: ReactNode;
}

export interface PermissionButtonsProps {
  items: readonly PermissionButtonItem[];
  size?: ButtonProps['size'];
  /** Rendered when the user may press none of the buttons (nothing by default). */
  empty?: ReactNode;
}

/**
 * A button group showing only what the current user may do: each button names the API address it
 * calls, checked against the permissions list of member/info. A hidden button beats a 403 toast.
 */
export function PermissionButtons({ items, size, empty = null }: PermissionButtonsProps) {
  const access = useAccess();
  const visible = filterByPermission(items, access);
  if (visible.length === 0) return <>{empty}</>;
  return (
    <Space size="small" wrap>
      {visible.map(({ key, label, permission: _permission, ...button }) => (
        <Button key={key} size={size} {...button}>
          {label}
        </Button>
      ))}
    </Space>
  );
}
