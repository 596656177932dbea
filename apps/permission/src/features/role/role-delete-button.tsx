import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { roleViewCall, type RoleNode } from '@uc/contracts';
import { useCan, useT } from '@uc/client';
import { useCall } from '@uc/ui';

export interface RoleDeleteButtonProps {
  role: RoleNode;
  onDelete: (role: RoleNode) => void;
}

/**
 * Delete, confirmed with what it would do: opening the confirmation counts the users holding the role
 * (role/view). A role users hold is not deleted (the server refuses it too): the confirmation says how
 * many hold it and what to do instead, and offers no delete. Otherwise it says nobody holds it.
 */
export function RoleDeleteButton({ role, onDelete }: RoleDeleteButtonProps) {
  const t = useT();
  const can = useCan();
  const [open, setOpen] = useState(false);
  // The role page's own read (its menu grants it with the list); without it, the server's refusal tells.
  const view = useCall(roleViewCall, open && can(roleViewCall) ? { query: { id: role.id } } : null);
  const holders = view.data?.userCount;
  const counting = open && view.loading;
  const held = holders !== undefined && holders > 0;
  const title = counting
    ? t('perm.role.delete.counting', { name: role.name })
    : held
      ? t('perm.role.delete.held', { name: role.name, count: holders })
      : // Nobody holds it, or the count failed (the API client said why): the server still refuses a held role.
        t(holders === 0 ? 'perm.role.delete.free' : 'perm.common.deleteConfirm', { name: role.name });
  return (
    <Popconfirm
      open={open}
      onOpenChange={setOpen}
      title={title}
      // As every delete confirmation (DeleteConfirm): 删除 and 取消; a held role only gets an acknowledgement.
      okText={held ? t('perm.role.delete.understood') : t('form.delete')}
      okButtonProps={{ disabled: counting, danger: !held }}
      cancelText={t('form.cancel')}
      showCancel={!held}
      onConfirm={() => {
        if (!held) onDelete(role);
      }}
    >
      <Button size="small" type="link" danger aria-label={`${t('perm.common.delete')} ${role.name}`}>
        {t('perm.common.delete')}
      </Button>
    </Popconfirm>
  );
}
