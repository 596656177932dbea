import { Alert, Button, Drawer, Flex, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { roleMenusCall, roleMenuTreeCall, roleViewCall, type RoleNode } from '@uc/contracts';
import { useScopedCall, useT } from '@uc/client';
import { grantableIds, GrantTree, useCall } from '@uc/ui';

export interface RoleMenusDrawerProps {
  role?: RoleNode;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Permission assignment: menus and buttons with checkboxes; only what the editor holds can be ticked.
 * The platform's super administrator role has no boxes: it says that it grants everything.
 */
export function RoleMenusDrawer({ role, onClose, onSaved }: RoleMenusDrawerProps) {
  const t = useT();
  const call = useScopedCall();
  // The super administrator role grants everything by the account it stands for: nothing to load or tick.
  const choosing = role && !role.isSuperAdmin;
  const menus = useCall(roleMenuTreeCall, choosing ? {} : null);
  const view = useCall(roleViewCall, choosing ? { query: { id: role.id } } : null);
  const tree = menus.data?.list;
  const held = view.data?.menuIds;
  const loading = menus.loading || view.loading;
  const [granted, setGranted] = useState<ReadonlySet<number>>(new Set());
  const [saving, setSaving] = useState(false);

  // What the role holds is what is ticked, parents included: a page held without its buttons stays
  // granted (antd's linked checking could not show it, and an unchanged save used to drop held parents).
  useEffect(() => {
    if (held) setGranted(new Set(held));
  }, [held]);

  const grantable = useMemo(() => grantableIds(tree), [tree]);

  const save = async () => {
    if (!role) return;
    setSaving(true);
    try {
      // What the editor does not hold stays as it was: the server keeps those grants of the role.
      const menuIds = [...granted].filter((id) => grantable.has(id));
      await call(roleMenusCall, { body: { id: role.id, menuIds }, done: 'saved' });
      onSaved();
    } catch {
      /* shown by the API client */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={!!role}
      size={520}
      title={t('perm.role.menusTitle', { name: role?.name ?? '' })}
      onClose={onClose}
      destroyOnHidden
      extra={
        role?.isSuperAdmin ? (
          <Button onClick={onClose}>{t('perm.common.close')}</Button>
        ) : (
          <Flex gap={8}>
            <Button onClick={onClose}>{t('perm.common.cancel')}</Button>
            <Button type="primary" loading={saving} onClick={() => void save()}>
              {t('perm.common.save')}
            </Button>
          </Flex>
        )
      }
    >
      {role?.isSuperAdmin ? (
        <Alert type="success" showIcon title={t('perm.role.superAdmin.title')} description={t('perm.role.superAdmin.help')} />
      ) : (
        <Flex vertical gap={12}>
          <Alert type="info" showIcon title={t('perm.role.menus.help')} />
          <Spin spinning={loading}>
            <GrantTree tree={tree} granted={granted} onChange={setGranted} />
          </Spin>
        </Flex>
      )}
    </Drawer>
  );
}
