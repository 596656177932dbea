import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Popconfirm, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import {
  openAccessDeleteCall,
  openAccessEditCall,
  openAccessListCall,
  openAccessRotateCall,
  openAccessStatusCall,
  type OpenAccessRecord,
  type OpenAccessSecret,
  type StatusValue,
} from '@uc/contracts';
import { call, useCan, useT, formatDateTime } from '@uc/client';
import { ListTable, StatusSwitch, StatusTag, useListQuery, DeleteConfirm } from '@uc/ui';
import { OpenAccessForm } from './open-access-form';
import { SecretModal } from './secret-modal';

/** /permission/openaccess: keys with which programs sign in as a user; secrets are shown once. */
export function OpenAccessPage() {
  const t = useT();
  const can = useCan();
  const list = useListQuery(openAccessListCall);
  const { reload } = list;
  const [editor, setEditor] = useState<{ open: boolean; record?: OpenAccessRecord }>({ open: false });
  const [secret, setSecret] = useState<OpenAccessSecret | undefined>(undefined);

  const canEdit = can(openAccessEditCall);
  const canRotate = can(openAccessRotateCall);
  const canStatus = can(openAccessStatusCall);
  const canDelete = can(openAccessDeleteCall);

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
    const status = (r: OpenAccessRecord, next: StatusValue) => call(openAccessStatusCall, { body: { id: r.id, status: next }, done: 'saved' }).then(reload);
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
            <StatusSwitch status={v} label={`${t('perm.common.status')} ${r.title}`} onChange={(next) => status(r, next)} />
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
              <DeleteConfirm title={t('perm.common.deleteConfirm', { name: r.title })} onConfirm={() => remove(r)}>
                <Button size="small" type="link" danger aria-label={`${t('perm.common.delete')} ${r.title}`}>
                  {t('perm.common.delete')}
                </Button>
              </DeleteConfirm>
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
        <ListTable<OpenAccessRecord>
          query={list}
          rowKey="id"
          columns={columns}
          searchPlaceholder={t('perm.oa.search')}
          toolbar={
            canEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true })}>
                {t('perm.common.create')}
              </Button>
            )
          }
        />
      </Flex>
      <OpenAccessForm open={editor.open} record={editor.record} onClose={() => setEditor({ open: false })} onSaved={saved} />
      <SecretModal secret={secret} onClose={() => setSecret(undefined)} />
    </Card>
  );
}
