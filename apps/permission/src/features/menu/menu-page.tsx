import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex } from 'antd';
import { useMemo, useState } from 'react';
import { menuDeleteCall, menuEditCall, menuListCall, menuStatusCall, type MenuNode, Status } from '@uc/contracts';
import { call, useCan, type PermissionOf, useSession, useT } from '@uc/client';
import { TreeTable, useCall } from '@uc/ui';
import { menuColumns } from './menu-columns';
import { MenuForm } from './menu-form';

/** /permission/menu: the platform's menu catalogue as a tree table, edited by the platform super admin. */
export function MenuPage() {
  const t = useT();
  const canCall = useCan();
  const isSuperAdmin = useSession((s) => s.currentUser?.isSuperAdmin === true);
  const [keyword, setKeyword] = useState('');
  const list = useCall(menuListCall, { query: keyword ? { keyword } : {} });
  const { reload } = list;
  const [editor, setEditor] = useState<{ open: boolean; record?: MenuNode; parentId?: number | null }>({ open: false });

  // Changing the catalogue also needs the platform super admin (the server says so too).
  const can = (permission: PermissionOf) => isSuperAdmin && canCall(permission);
  const canEdit = can(menuEditCall);
  const canDelete = can(menuDeleteCall);
  const canStatus = can(menuStatusCall);
  const columns = useMemo(
    () =>
      menuColumns(t, {
        canEdit,
        canDelete,
        canStatus,
        onCreateChild: (parent) => setEditor({ open: true, parentId: parent.id }),
        onEdit: (record) => setEditor({ open: true, record }),
        onDelete: (m) =>
          void call(menuDeleteCall, { body: { id: m.id }, done: 'deleted' })
            .then(() => {
              reload();
            })
            .catch(() => undefined),
        onStatus: (m, on) =>
          void call(menuStatusCall, { body: { id: m.id, status: on ? Status.enabled : Status.disabled }, done: 'saved' })
            .then(reload)
            .catch(() => undefined),
      }),
    [t, canEdit, canDelete, canStatus, reload],
  );

  return (
    <Card title={t('perm.menu.title')}>
      <Flex vertical gap={16}>
        {!isSuperAdmin && <Alert type="info" showIcon title={t('perm.menu.superAdminOnly')} />}
        <TreeTable
          list={list}
          columns={columns}
          searchPlaceholder={t('perm.common.search')}
          onSearch={setKeyword}
          toolbar={
            canEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true, parentId: null })}>
                {t('perm.common.create')}
              </Button>
            )
          }
        />
      </Flex>
      <MenuForm
        open={editor.open}
        record={editor.record}
        parentId={editor.parentId}
        onClose={() => setEditor({ open: false })}
        onSaved={() => {
          setEditor({ open: false });
          reload();
        }}
      />
    </Card>
  );
}
