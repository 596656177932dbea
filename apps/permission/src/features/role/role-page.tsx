import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Table } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { call, roleDeleteCall, roleEditCall, roleListCall, roleMenusCall, roleStatusCall, useAccess, useT, type RoleNode, Status } from '@uc/shared';
import { treeRows } from '@uc/shared/ui';
import { roleColumns } from './role-columns';
import { RoleForm } from './role-form';
import { RoleMenusDrawer } from './role-menus-drawer';

/** /permission/role: the tenant's role tree, with data scope and permission assignment. */
export function RolePage() {
  const t = useT();
  const access = useAccess();
  const [keyword, setKeyword] = useState('');
  const [rows, setRows] = useState<RoleNode[]>([]);
  const [loading, setLoading] = useState(true);
  const [revision, setRevision] = useState(0);
  const [editor, setEditor] = useState<{ open: boolean; record?: RoleNode; parentId?: number | null }>({ open: false });
  const [granting, setGranting] = useState<RoleNode | undefined>(undefined);
  const reload = useCallback(() => setRevision((r) => r + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    call(roleListCall, { query: keyword ? { keyword } : {}, signal: controller.signal })
      .then((d) => setRows(d.list))
      .catch(() => undefined)
      .finally(() => !controller.signal.aborted && setLoading(false));
    return () => controller.abort();
  }, [keyword, revision]);

  const columns = useMemo(
    () =>
      roleColumns(t, {
        canEdit: access.hasPermission(roleEditCall.path),
        canDelete: access.hasPermission(roleDeleteCall.path),
        canStatus: access.hasPermission(roleStatusCall.path),
        canGrant: access.hasPermission(roleMenusCall.path),
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
    [t, access, reload],
  );

  const saved = () => {
    setEditor({ open: false });
    setGranting(undefined);
    reload();
  };

  return (
    <Card title={t('perm.role.title')}>
      <Flex vertical gap={16}>
        <Flex justify="space-between" gap={8} wrap>
          <Input.Search allowClear style={{ maxWidth: 320 }} placeholder={t('perm.role.search')} onSearch={(v) => setKeyword(v.trim())} />
          <Flex gap={8}>
            {access.hasPermission(roleEditCall.path) && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true, parentId: null })}>
                {t('perm.common.create')}
              </Button>
            )}
            <Button icon={<ReloadOutlined />} onClick={reload} aria-label="reload" />
          </Flex>
        </Flex>
        <Table<RoleNode>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={treeRows(rows)}
          loading={loading}
          pagination={false}
          scroll={{ x: 'max-content' }}
          expandable={{ defaultExpandAllRows: true }}
        />
      </Flex>
      <RoleForm open={editor.open} record={editor.record} parentId={editor.parentId} onClose={() => setEditor({ open: false })} onSaved={saved} />
      <RoleMenusDrawer role={granting} onClose={() => setGranting(undefined)} onSaved={saved} />
    </Card>
  );
}
