import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useMemo, useState, type Key } from 'react';
import { call, deptDeleteCall, deptListCall, deptStatusCall, formatDateTime, useT, type DeptNode } from '@uc/shared';
import { treeRows } from '@uc/shared/ui';
import { StatusSwitch } from '@uc/shared/ui';
import { useCan } from '../../lib/use-can';
import { DeptFormModal, type DeptFormValues } from './dept-form-modal';

const allIds = (nodes: DeptNode[]): number[] => nodes.flatMap((n) => [n.id, ...allIds(n.children ?? [])]);

/** /org/dept: the tenant's department tree, with create, edit, status and delete. */
export function DeptPage() {
  const t = useT();
  const can = useCan();
  const [tree, setTree] = useState<DeptNode[]>([]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [loading, setLoading] = useState(true);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<DeptFormValues | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const filter = keyword.trim() ? JSON.stringify([['keyword', keyword.trim()]]) : undefined;
      const data = await call(deptListCall, { query: filter ? { filter } : {} });
      setTree(data.list);
      setExpanded(allIds(data.list));
    } catch {
      // Shown by the API client.
    } finally {
      setLoading(false);
    }
  }, [keyword]);
  useEffect(() => void load(), [load]);

  const columns = useMemo<TableColumnsType<DeptNode>>(
    () => [
      { key: 'name', dataIndex: 'name', title: t('org.dept.name') },
      { key: 'code', dataIndex: 'code', title: t('org.dept.code') },
      { key: 'leader', dataIndex: 'leader', title: t('org.dept.leader') },
      { key: 'phone', dataIndex: 'phone', title: t('org.dept.phone') },
      { key: 'email', dataIndex: 'email', title: t('org.dept.email') },
      { key: 'sort', dataIndex: 'sort', title: t('org.field.sort'), width: 80 },
      {
        key: 'status',
        dataIndex: 'status',
        title: t('org.field.status'),
        render: (status: number, row) => (
          <StatusSwitch
            status={status}
            disabled={!can(deptStatusCall.path)}
            onChange={async (next) => {
              await call(deptStatusCall, { body: { id: row.id, status: next }, done: 'saved' });
              await load();
            }}
          />
        ),
      },
      { key: 'createdAt', dataIndex: 'createdAt', title: t('org.field.createdAt'), render: (at: string) => formatDateTime(at) },
      {
        key: 'actions',
        title: t('org.field.actions'),
        fixed: 'right',
        render: (_, row) => (
          <Space size="small">
            {can('/user/admin/dept/edit') && (
              <>
                <Button type="link" size="small" onClick={() => setEditing({ parentId: row.id })}>
                  {t('org.dept.addChild')}
                </Button>
                <Button type="link" size="small" onClick={() => setEditing({ ...row, children: undefined } as DeptFormValues)}>
                  {t('org.action.edit')}
                </Button>
              </>
            )}
            {can(deptDeleteCall.path) && (
              <Popconfirm
                title={t('org.dept.deleteConfirm', { name: row.name })}
                okText={t('org.action.delete')}
                cancelText={t('org.action.cancel')}
                onConfirm={() => call(deptDeleteCall, { body: { id: row.id }, done: 'deleted' }).then(load, () => undefined)}
              >
                <Button type="link" size="small" danger>
                  {t('org.action.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        ),
      },
    ],
    [t, can, load],
  );

  return (
    <Card title={t('org.dept.title')}>
      <Flex vertical gap={16}>
        <Flex justify="space-between" gap={8} wrap>
          <Input.Search allowClear style={{ maxWidth: 320 }} placeholder={t('org.dept.search')} onSearch={setKeyword} />
          <Flex gap={8}>
            {can('/user/admin/dept/edit') && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
                {t('org.dept.create')}
              </Button>
            )}
            <Button icon={<ReloadOutlined />} onClick={() => void load()} aria-label={t('org.action.reload')} />
          </Flex>
        </Flex>
        <Table<DeptNode>
          rowKey="id"
          columns={columns}
          dataSource={treeRows(tree)}
          loading={loading}
          pagination={false}
          scroll={{ x: 'max-content' }}
          expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: setExpanded }}
        />
      </Flex>
      <DeptFormModal
        initial={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void load();
        }}
      />
    </Card>
  );
}
