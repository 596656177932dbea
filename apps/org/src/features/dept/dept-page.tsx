import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Space, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { deptDeleteBatchCall, deptDeleteCall, deptEditCall, deptListCall, deptStatusCall, type DeptNode } from '@uc/contracts';
import { formatDateTime, useScopedCall, useT, useCan } from '@uc/client';
import { StatusSwitch, TreeTable, useBatchActions, useCall, DeleteConfirm } from '@uc/ui';
import { registerDeptMessages } from './dept-messages';
import { DeptFormModal, type DeptFormValues } from './dept-form-modal';

registerDeptMessages();

/** /org/dept: the tenant's department tree (the TenantScope's inside one), with create, edit, status and delete. */
export function DeptPage() {
  const t = useT();
  const can = useCan();
  const call = useScopedCall();
  const [keyword, setKeyword] = useState('');
  const list = useCall(deptListCall, { query: keyword ? { filter: JSON.stringify([['keyword', keyword]]) } : {} });
  const { reload } = list;
  const [editing, setEditing] = useState<DeptFormValues | null>(null);
  // Several departments deleted at once; each is refused on its own while it has sub-departments or members.
  const batch = useBatchActions<DeptNode>({
    actions: [{ key: 'delete', label: t('org.action.delete'), call: deptDeleteBatchCall, danger: true }],
    idOf: (row) => row.id,
    labelOf: (row) => row.name,
    onDone: reload,
  });

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
            disabled={!can(deptStatusCall)}
            onChange={async (next) => {
              await call(deptStatusCall, { body: { id: row.id, status: next }, done: 'saved' });
              reload();
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
            {can(deptEditCall) && (
              <>
                <Button type="link" size="small" onClick={() => setEditing({ parentId: row.id })}>
                  {t('org.dept.addChild')}
                </Button>
                <Button type="link" size="small" onClick={() => setEditing({ ...row, children: undefined } as DeptFormValues)}>
                  {t('org.action.edit')}
                </Button>
              </>
            )}
            {can(deptDeleteCall) && (
              <DeleteConfirm
                title={t('org.dept.deleteConfirm', { name: row.name })}
                onConfirm={() => call(deptDeleteCall, { body: { id: row.id }, done: 'deleted' }).then(reload, () => undefined)}
              >
                <Button type="link" size="small" danger>
                  {t('org.action.delete')}
                </Button>
              </DeleteConfirm>
            )}
          </Space>
        ),
      },
    ],
    [t, can, call, reload],
  );

  return (
    <Card title={t('org.dept.title')}>
      <TreeTable
        list={list}
        columns={columns}
        searchPlaceholder={t('org.dept.search')}
        onSearch={setKeyword}
        tableKey="org.dept"
        rowSelection={batch.rowSelection}
        above={batch.bar}
        toolbar={
          can(deptEditCall) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              {t('org.dept.create')}
            </Button>
          )
        }
      />
      <DeptFormModal
        initial={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
    </Card>
  );
}
