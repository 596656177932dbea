import { Avatar, Descriptions, Drawer, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { ledgerListCall, memberViewCall, type LedgerRow } from '@uc/contracts';
import { formatDateTime, useT } from '@uc/client';
import { AuthImage, useCall } from '@uc/ui';

interface UserDetailDrawerProps {
  userId: number | null;
  /** Bumped by the page after a balance change, so the drawer shows fresh figures. */
  revision: number;
  onClose: () => void;
}

function LedgerTab({ userId, revision }: { userId: number; revision: number }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const { data, loading } = useCall(ledgerListCall, { query: { userId, page, pageSize: 10 } }, revision);
  return (
    <Table<LedgerRow>
      rowKey="id"
      size="small"
      dataSource={data?.list}
      loading={loading}
      pagination={{ current: page, total: data?.total ?? 0, pageSize: 10, onChange: setPage }}
      columns={[
        { key: 'kind', dataIndex: 'kind', title: t('org.ledger.kind'), render: (k: number) => t(k === 1 ? 'org.user.balance' : 'org.user.integral') },
        {
          key: 'change',
          dataIndex: 'change',
          title: t('org.ledger.change'),
          render: (c: string) => <Tag color={c.startsWith('-') ? 'red' : 'green'}>{c}</Tag>,
        },
        { key: 'before', dataIndex: 'before', title: t('org.ledger.before') },
        { key: 'after', dataIndex: 'after', title: t('org.ledger.after') },
        { key: 'operatorName', dataIndex: 'operatorName', title: t('org.ledger.operator') },
        { key: 'remark', dataIndex: 'remark', title: t('org.field.remark') },
        { key: 'createdAt', dataIndex: 'createdAt', title: t('org.ledger.time'), render: (at: string) => formatDateTime(at) },
      ]}
    />
  );
}

/** Every field of the spec's User entity, and the user's balance and points ledger. */
export function UserDetailDrawer({ userId, revision, onClose }: UserDetailDrawerProps) {
  const t = useT();
  const { data: user } = useCall(memberViewCall, userId ? { query: { id: userId } } : null, revision);
  const time = (v: string | null) => (v ? formatDateTime(v) : t('org.user.neverLoggedIn'));
  // The payment code is private: only the session may fetch it (an <img src> would get a 401).
  const privateImage = (src: string, label: string) => (src ? <AuthImage src={src} alt={label} width={96} /> : '-');
  const items = user
    ? [
        ['org.user.adminId', user.id],
        ['org.user.username', user.username],
        ['org.user.realName', user.realName],
        ['org.user.tenant', user.tenantName],
        ['org.user.avatar', user.avatar ? <Avatar src={user.avatar} size={48} alt={t('org.user.avatar')} /> : '-'],
        ['org.user.role', user.roles.map((r) => r.name).join(', ') || '-'],
        ['org.user.dept', user.deptName ?? '-'],
        ['org.user.post', user.postName ?? '-'],
        ['org.user.balance', user.balance],
        ['org.user.integral', user.integral],
        ['org.user.mobile', user.mobile || '-'],
        ['org.user.email', user.email || '-'],
        ['org.user.sex', t(`org.user.sex.${user.sex}`)],
        ['org.user.birthday', user.birthday ?? '-'],
        ['org.user.address', user.address || '-'],
        ['org.user.qq', user.qq || '-'],
        ['org.user.lastActive', time(user.lastActiveAt)],
        ['org.user.lastLoginIp', user.lastLoginIp || '-'],
        ['org.user.lastLogin', time(user.lastLoginAt)],
        ['org.user.loginCount', user.loginCount],
        ['org.user.createdAt', formatDateTime(user.createdAt)],
        ['org.user.alipayName', user.alipayName || '-'],
        ['org.user.alipayAccount', user.alipayAccount || '-'],
        ['org.user.alipayCode', privateImage(user.alipayCode, t('org.user.alipayCode'))],
      ].map(([key, value]) => ({ key: String(key), label: t(String(key)), children: value }))
    : [];
  return (
    <Drawer open={userId !== null} onClose={onClose} size="large" title={t('org.user.details')} destroyOnHidden>
      {user && (
        <Tabs
          items={[
            { key: 'info', label: t('org.user.details'), children: <Descriptions column={1} bordered size="small" items={items} /> },
            { key: 'ledger', label: t('org.ledger.title'), children: <LedgerTab userId={user.id} revision={revision} /> },
          ]}
        />
      )}
    </Drawer>
  );
}
