import { Tag, Typography, type TableColumnsType } from 'antd';
import { ledgerKind, type LedgerRow } from '@uc/contracts';

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** A change as the ledger stores it ("-5.00", "12"), signed and coloured: green in, red out. */
function Change({ change }: { change: string }) {
  const out = change.startsWith('-');
  return <Typography.Text type={out ? 'danger' : 'success'}>{out ? change : `+${change}`}</Typography.Text>;
}

/** The caller's balance and points changes: what changed, by how much, who did it and why. */
export function ledgerColumns(t: Translate, formatTime: (iso: string) => string): TableColumnsType<LedgerRow> {
  return [
    { key: 'createdAt', dataIndex: 'createdAt', title: t('home.account.ledger.time'), sorter: true, render: formatTime },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('home.account.ledger.kind'),
      render: (kind: number) =>
        kind === ledgerKind.balance ? (
          <Tag color="gold">{t('home.account.ledger.kind.balance')}</Tag>
        ) : (
          <Tag color="blue">{t('home.account.ledger.kind.integral')}</Tag>
        ),
    },
    { key: 'change', dataIndex: 'change', title: t('home.account.ledger.change'), align: 'right', render: (c: string) => <Change change={c} /> },
    { key: 'before', dataIndex: 'before', title: t('home.account.ledger.before'), align: 'right' },
    { key: 'after', dataIndex: 'after', title: t('home.account.ledger.after'), align: 'right' },
    { key: 'operatorName', dataIndex: 'operatorName', title: t('home.account.ledger.operator'), render: (n: string) => n || '-' },
    { key: 'remark', dataIndex: 'remark', title: t('home.account.ledger.remark'), render: (r: string) => r || '-' },
  ];
}
