import { Button, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import type { TenantInviteRow } from '@uc/contracts';
import { DeleteConfirm } from '@uc/ui';

export interface InviteActions {
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (row: TenantInviteRow) => void;
  onDelete: (row: TenantInviteRow) => void;
  onCopyLink: (row: TenantInviteRow) => void;
}

type Translate = (key: string, p?: Record<string, string | number>) => string;

export function inviteColumns(t: Translate, formatTime: (iso: string) => string, a: InviteActions): TableColumnsType<TenantInviteRow> {
  const orDash = (v: string) => v || '-';
  return [
    { key: 'title', dataIndex: 'title', title: t('tenant.invite.titleField'), sorter: true },
    { key: 'companyName', dataIndex: 'companyName', title: t('tenant.invite.companyName') },
    { key: 'policyTitle', dataIndex: 'policyTitle', title: t('tenant.invite.policy'), render: orDash },
    {
      key: 'code',
      dataIndex: 'code',
      title: t('tenant.invite.code'),
      // The tooltip doubles as the copy button's accessible name, so it names the row.
      render: (code: string, r) => (
        <Typography.Text code copyable={{ tooltips: [`${t('tenant.invite.copyCode')} ${r.title}`, t('tenant.invite.codeCopied')] }}>
          {code}
        </Typography.Text>
      ),
    },
    { key: 'creatorUsername', dataIndex: 'creatorUsername', title: t('tenant.invite.creator'), render: orDash },
    {
      key: 'used',
      dataIndex: 'used',
      title: t('tenant.invite.used'),
      render: (used: boolean) => <Tag color={used ? 'default' : 'success'}>{t(used ? 'tenant.invite.used.yes' : 'tenant.invite.used.no')}</Tag>,
    },
    { key: 'usedUsername', dataIndex: 'usedUsername', title: t('tenant.invite.usedBy'), render: orDash },
    { key: 'usedAt', dataIndex: 'usedAt', title: t('tenant.invite.usedAt'), sorter: true, render: (at: string | null) => (at ? formatTime(at) : '-') },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('tenant.common.createdAt'), sorter: true, defaultSortOrder: 'descend', render: formatTime },
    {
      key: 'actions',
      title: t('tenant.common.actions'),
      fixed: 'right',
      render: (_, r) => (
        <Flex gap={4}>
          {!r.used && (
            <Button size="small" type="link" onClick={() => a.onCopyLink(r)} aria-label={`${t('tenant.invite.copyLink')} ${r.title}`}>
              {t('tenant.invite.copyLink')}
            </Button>
          )}
          {a.canEdit && !r.used && (
            <Button size="small" type="link" onClick={() => a.onEdit(r)} aria-label={`${t('tenant.common.edit')} ${r.title}`}>
              {t('tenant.common.edit')}
            </Button>
          )}
          {a.canDelete && (
            <DeleteConfirm title={t('tenant.common.deleteConfirm', { name: r.title })} onConfirm={() => a.onDelete(r)}>
              <Button size="small" type="link" danger aria-label={`${t('tenant.common.delete')} ${r.title}`}>
                {t('tenant.common.delete')}
              </Button>
            </DeleteConfirm>
          )}
        </Flex>
      ),
    },
  ];
}
