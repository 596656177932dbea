import { PlusOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useMemo, useState } from 'react';
import { roleDeleteCall, roleEditCall, roleListCall, roleMenusCall, roleStatusCall, type RoleNode, Status } from '@uc/contracts';
import { useCan, useScopedCall, useT } from '@uc/client';
import { TreeTable, useCall } from '@uc/ui';
import { registerRoleMessages } from './role-messages';
import { roleColumns } from './role-columns';
import { RoleForm } from './role-form';
import { RoleMenusDrawer } from './role-menus-drawer';

registerRoleMessages();

/** /permission/role: the tenant's role tree (the TenantScope's inside one), with data scope and permission assignment. */
export function RolePage() {
  const t = useT();
  const can = useCan();
  const call = useScopedCall();
  const [keyword, setKeyword] = useState('');
  const list = useCall(roleListCall, { query: keyword ? { keyword } : {} });
  const { reload } = list;
  const [editor, setEditor] = useState<{ open: boolean; record?: RoleNode; parentId?: number | null }>({ open: false });
  const [granting, setGranting] = useState<RoleNode | undefined>(undefined);

  const columns = useMemo(
    () =>
      roleColumns(t, {
        canEdit: can(roleEditCall),
        canDelete: can(roleDeleteCall),
        canStatus: can(roleStatusCall),
        canGrant: can(roleMenusCall),
        onCreateChild: (parent) => setEditor({ open: true, parentId: parent.id }),
        onEdit: (record) => setEditor({ open: true, record }),
        onMenus: setGranting,
        onDelete: (r) =>
          void call(roleDeleteCall, { body: { id: r.id }, done: 'deleted' })
            .then(() => {
              reload();
            })
            .catch(() => undefined),
        onStatus: (r, on) =>
          void call(roleStatusCall, { body: { id: r.id, status: on ? Status.enabled : Status.disabled }, done: 'saved' })
            .then(reload)
            .catch(() => undefined),
      }),
    [t, can, call, reload],
  );

  const saved = () => {
    setEditor({ open: false });
    setGranting(undefined);
    reload();
  };

  return (
    <Card title={t('perm.role.title')}>
      <TreeTable
        list={list}
        columns={columns}
        searchPlaceholder={t('perm.role.search')}
        onSearch={setKeyword}
        toolbar={
          can(roleEditCall) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true, parentId: null })}>
              {t('perm.common.create')}
            </Button>
          )
        }
      />
      <RoleForm open={editor.open} record={editor.record} parentId={editor.parentId} onClose={() => setEditor({ open: false })} onSaved={saved} />
      <RoleMenusDrawer role={granting} onClose={() => setGranting(undefined)} onSaved={saved} />
    </Card>
  );
}
