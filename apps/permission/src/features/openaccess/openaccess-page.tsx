import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Popconfirm, Switch, Table, Typography, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  call,
  openAccessDeleteCall,
  openAccessEditCall,
  openAccessListCall,
  openAccessRotateCall,
  openAccessStatusCall,
  useAccess,
  useT,
  type OpenAccessRecord,
  type OpenAccessSecret,
  Status,
  formatDateTime,
} from '@uc/shared';
import { StatusTag } from '@uc/shared/ui';
import { OpenAccessForm } from './openaccess-form';
import { SecretModal } from './secret-modal';

/** /permission/openaccess: keys with which programs sign in as a user; secrets are shown once. */
export function OpenAccessPage() {
  const t = useT();
  const access = useAccess();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const [data, setData] = useState<{ list: OpenAccessRecord[]; total: number }>({ list: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [revision, setRevision] = useState(0);
  const [editor, setEditor] = useState<{ open: boolean; record?: OpenAccessRecord }>({ open: false });
  const [secret, setSecret] = useState<OpenAccessSecret | undefined>(undefined);
  const reload = useCallback(() => setRevision((r) => r + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    call(openAccessListCall, { query: { ...page, ...(keyword ? { keyword } : {}) }, signal: controller.signal })
      .then((d) => setData(d))
      .catch(() => undefined)
      .finally(() => !controller.signal.aborted && setLoading(false));
    return () => controller.abort();
  }, [keyword, page, revision]);

  const canEdit = access.hasPermission(openAccessEditCall.path);
  const canRotate = access.hasPermission(openAccessRotateCall.path);
  const canStatus = access.hasPermission(openAccessStatusCall.path);
  const canDelete = access.hasPermission(openAccessDeleteCall.path);

  const columns = useMemo((): TableColumnsType<OpenAccessRecord> => {
    const rotate = (r: OpenAccessRecord) =>
      void call(openAccessRotateCall, { body: { id: r.id } })
        .then((s) => {
          setSecret(s);
          reload();
        })
        .catch(() => undefined);
    const remove = (r: OpenAccessRecord) =>
      void call(openAccessDeleteCall, { body: { id: r.id }, done: 'deleted' })
        .then(() => {
          reload();
        })
        .catch(() => undefined);
    const status = (r: OpenAccessRecord, on: boolean) =>
      void call(openAccessStatusCall, { body: { id: r.id, status: on ? Status.enabled : Status.disabled }, done: 'saved' })
        .then(reload)
        .catch(() => undefined);
    return [
      { key: 'title', dataIndex: 'title', title: t('perm.oa.titleField') },
      {
        key: 'key',
        dataIndex: 'key',
        title: t('perm.oa.key'),
        render: (v: string) => (
          <Typography.Text code copyable>
            {v}
          </Typography.Text>
        ),
      },
      { key: 'secret', dataIndex: 'secretMasked', title: t('perm.oa.secret'), render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
      { key: 'user', dataIndex: 'username', title: t('perm.oa.user'), render: (v: string, r) => (r.realName ? `${v} (${r.realName})` : v) },
      {
        key: 'status',
        dataIndex: 'status',
        title: t('perm.common.status'),
        width: 90,
        render: (v: number, r) =>
          canStatus ? (
            <Switch size="small" checked={v === 1} aria-label={`${t('perm.common.status')} ${r.title}`} onChange={(on) => status(r, on)} />
          ) : (
            <StatusTag status={v} />
          ),
      },
      { key: 'remark', dataIndex: 'remark', title: t('perm.common.remark'), ellipsis: true },
      { key: 'createdAt', dataIndex: 'createdAt', title: t('perm.common.createdAt'), render: (v: string) => formatDateTime(v) },
      {
        key: 'actions',
        title: t('perm.common.actions'),
        fixed: 'right',
        width: 220,
        render: (_, r) => (
          <Flex gap={4}>
            {canEdit && (
              <Button size="small" type="link" onClick={() => setEditor({ open: true, record: r })} aria-label={`${t('perm.common.edit')} ${r.title}`}>
                {t('perm.common.edit')}
              </Button>
            )}
            {canRotate && (
              <Popconfirm
                title={t('perm.oa.rotateConfirm', { name: r.title })}
                okText={t('perm.common.ok')}
                cancelText={t('perm.common.cancel')}
                onConfirm={() => rotate(r)}
              >
                <Button size="small" type="link" aria-label={`${t('perm.oa.rotate')} ${r.title}`}>
                  {t('perm.oa.rotate')}
                </Button>
              </Popconfirm>
            )}
            {canDelete && (
              <Popconfirm
                title={t('perm.common.deleteConfirm', { name: r.title })}
                okText={t('perm.common.ok')}
                cancelText={t('perm.common.cancel')}
                onConfirm={() => remove(r)}
              >
                <Button size="small" type="link" danger aria-label={`${t('perm.common.delete')} ${r.title}`}>
                  {t('perm.common.delete')}
                </Button>
              </Popconfirm>
            )}
          </Flex>
        ),
      },
    ];
  }, [t, reload, canEdit, canRotate, canStatus, canDelete]);

  const saved = (created?: OpenAccessSecret) => {
    setEditor({ open: false });
    if (created) setSecret(created);
    reload();
  };

  return (
    <Card title={t('perm.oa.title')}>
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('perm.oa.intro')}
        </Typography.Paragraph>
        <Flex justify="space-between" gap={8} wrap>
          <Input.Search
            allowClear
            style={{ maxWidth: 320 }}
            placeholder={t('perm.oa.search')}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage((p) => ({ ...p, page: 1 }));
            }}
          />
          <Flex gap={8}>
            {canEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true })}>
                {t('perm.common.create')}
              </Button>
            )}
            <Button icon={<ReloadOutlined />} onClick={reload} aria-label="reload" />
          </Flex>
        </Flex>
        <Table<OpenAccessRecord>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data.list}
          loading={loading}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page.page,
            pageSize: page.pageSize,
            total: data.total,
            showSizeChanger: true,
            onChange: (p, s) => setPage({ page: p, pageSize: s }),
          }}
        />
      </Flex>
      <OpenAccessForm open={editor.open} record={editor.record} onClose={() => setEditor({ open: false })} onSaved={saved} />
      <SecretModal secret={secret} onClose={() => setSecret(undefined)} />
    </Card>
  );
}
