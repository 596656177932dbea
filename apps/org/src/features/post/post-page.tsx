import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Space, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { postDeleteBatchCall, postDeleteCall, postEditCall, postListCall, postStatusCall, type PostRow } from '@uc/contracts';
import { formatDateTime, useScopedCall, useT, useCan } from '@uc/client';
import { ListTable, StatusSwitch, useBatchActions, useListQuery, DeleteConfirm } from '@uc/ui';
import { registerPostMessages } from './post-messages';
import { PostFormModal, type PostFormValues } from './post-form-modal';

registerPostMessages();

/** /org/post: the tenant's posts (job positions; the TenantScope's inside one), paged, with create, edit, status and delete. */
export function PostPage() {
  const t = useT();
  const can = useCan();
  const call = useScopedCall();
  const query = useListQuery(postListCall, { sort: 'sort' });
  const { reload } = query;
  const [editing, setEditing] = useState<PostFormValues | null>(null);
  // Several posts deleted at once; each is refused on its own while a user holds it.
  const batch = useBatchActions<PostRow>({
    actions: [{ key: 'delete', label: t('org.action.delete'), call: postDeleteBatchCall, danger: true }],
    idOf: (row) => row.id,
    labelOf: (row) => row.name,
    onDone: reload,
  });

  const columns = useMemo<TableColumnsType<PostRow>>(
    () => [
      { key: 'id', dataIndex: 'id', title: 'ID', sorter: true, width: 80 },
      { key: 'name', dataIndex: 'name', title: t('org.post.name'), sorter: true },
      { key: 'code', dataIndex: 'code', title: t('org.post.code'), sorter: true },
      { key: 'sort', dataIndex: 'sort', title: t('org.field.sort'), sorter: true, defaultSortOrder: 'ascend' },
      {
        key: 'status',
        dataIndex: 'status',
        title: t('org.field.status'),
        render: (status: number, row) => (
          <StatusSwitch
            status={status}
            disabled={!can(postStatusCall)}
            onChange={async (next) => {
              await call(postStatusCall, { body: { id: row.id, status: next }, done: 'saved' });
              reload();
            }}
          />
        ),
      },
      { key: 'remark', dataIndex: 'remark', title: t('org.field.remark') },
      { key: 'createdAt', dataIndex: 'createdAt', title: t('org.field.createdAt'), sorter: true, render: (at: string) => formatDateTime(at) },
      {
        key: 'actions',
        title: t('org.field.actions'),
        render: (_, row) => (
          <Space size="small">
            {can(postEditCall) && (
              <Button type="link" size="small" onClick={() => setEditing(row as PostFormValues)}>
                {t('org.action.edit')}
              </Button>
            )}
            {can(postDeleteCall) && (
              <DeleteConfirm
                title={t('org.post.deleteConfirm', { name: row.name })}
                onConfirm={() => call(postDeleteCall, { body: { id: row.id }, done: 'deleted' }).then(reload, () => undefined)}
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
    <Card title={t('org.post.title')}>
      <ListTable
        query={query}
        columns={columns}
        rowKey="id"
        tableKey="org.post"
        rowSelection={batch.rowSelection}
        above={batch.bar}
        searchPlaceholder={t('org.post.search')}
        toolbar={
          can(postEditCall) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              {t('org.post.create')}
            </Button>
          )
        }
      />
      <PostFormModal
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
