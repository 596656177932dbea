import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Input, Table } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { call, menuDeleteCall, menuEditCall, menuListCall, menuStatusCall, useAccess, useSession, useT, type MenuNode, Status } from '@uc/shared';
import { treeRows } from '@uc/shared/ui';
import { menuColumns } from './menu-columns';
import { MenuForm } from './menu-form';

/** /permission/menu: the platform's menu catalogue as a tree table, edited by the platform super admin. */
export function MenuPage() {
  const t = useT();
  const access = useAccess();
  const isSuperAdmin = useSession((s) => s.currentUser?.isSuperAdmin === true);
  const [keyword, setKeyword] = useState('');
  const [rows, setRows] = useState<MenuNode[]>([]);
  const [loading, setLoading] = useState(true);
  const [revision, setRevision] = useState(0);
  const [editor, setEditor] = useState<{ open: boolean; record?: MenuNode; parentId?: number | null }>({ open: false });
  const reload = useCallback(() => setRevision((r) => r + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    call(menuListCall, { query: keyword ? { keyword } : {}, signal: controller.signal })
      .then((d) => setRows(d.list))
      .catch(() => undefined)
      .finally(() => !controller.signal.aborted && setLoading(false));
    return () => controller.abort();
  }, [keyword, revision]);

  // Changing the catalogue also needs the platform super admin (the server says so too).
  const can = (path: string) => isSuperAdmin && access.hasPermission(path);
  const columns = useMemo(
    () =>
      menuColumns(t, {
        canEdit: can(menuEditCall.path),
        canDelete: can(menuDeleteCall.path),
        canStatus: can(menuStatusCall.path),
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
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, isSuperAdmin, access, reload],
  );

  return (
    <Card title={t('perm.menu.title')}>
      <Flex vertical gap={16}>
        {!isSuperAdmin && <Alert type="info" showIcon title={t('perm.menu.superAdminOnly')} />}
        <Flex justify="space-between" gap={8} wrap>
          <Input.Search allowClear style={{ maxWidth: 320 }} placeholder={t('perm.common.search')} onSearch={(v) => setKeyword(v.trim())} />
          <Flex gap={8}>
            {can(menuEditCall.path) && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true, parentId: null })}>
                {t('perm.common.create')}
              </Button>
            )}
            <Button icon={<ReloadOutlined />} onClick={reload} aria-label="reload" />
          </Flex>
        </Flex>
        <Table<MenuNode>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={treeRows(rows)}
          loading={loading}
          pagination={false}
          scroll={{ x: 'max-content' }}
          expandable={{ childrenColumnName: 'children' }}
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
