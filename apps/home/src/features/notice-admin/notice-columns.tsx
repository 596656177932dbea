import { Button, Flex, Popconfirm, Tag, type TableColumnsType } from 'antd';
import { NOTICE_STATE, type NoticeAdminRow } from '@uc/contracts';
import { DeleteConfirm } from '@uc/ui';
import { NoticeLevelTag, NoticeStateTag } from './notice-labels';

export interface NoticeActions {
  canView: boolean;
  canEdit: boolean;
  canPublish: boolean;
  canWithdraw: boolean;
  canDelete: boolean;
  onView: (row: NoticeAdminRow) => void;
  onEdit: (row: NoticeAdminRow) => void;
  onPublish: (row: NoticeAdminRow) => void;
  onWithdraw: (row: NoticeAdminRow) => void;
  onDelete: (row: NoticeAdminRow) => void;
}

type Translate = (key: string, p?: Record<string, string | number>) => string;

export function noticeColumns(
  t: Translate,
  formatTime: (iso: string) => string,
  rangeText: (row: NoticeAdminRow) => string,
  a: NoticeActions,
): TableColumnsType<NoticeAdminRow> {
  const confirm = { okText: t('home.notice.ok'), cancelText: t('home.notice.cancel') };
  // A row's buttons carry its title in their accessible names: "发布 Maintenance".
  const action = (label: string, r: NoticeAdminRow, onClick?: () => void, danger = false) => (
    <Button size="small" type="link" danger={danger} onClick={onClick} aria-label={`${label} ${r.title}`}>
      {label}
    </Button>
  );
  return [
    { key: 'title', dataIndex: 'title', title: t('home.notice.field.title'), sorter: true },
    { key: 'tag', dataIndex: 'tag', title: t('home.notice.field.tag'), render: (tag: string) => (tag ? <Tag color="blue">{tag}</Tag> : '-') },
    { key: 'rangeType', dataIndex: 'rangeType', title: t('home.notice.field.range'), sorter: true, render: (_, r) => rangeText(r) },
    { key: 'level', dataIndex: 'level', title: t('home.notice.field.level'), sorter: true, render: (level: number) => <NoticeLevelTag level={level} /> },
    { key: 'state', dataIndex: 'state', title: t('home.notice.column.state'), sorter: true, render: (state: number) => <NoticeStateTag state={state} /> },
    { key: 'senderName', dataIndex: 'senderName', title: t('home.notice.column.sender'), render: (name: string) => name || '-' },
    {
      key: 'publishedAt',
      dataIndex: 'publishedAt',
      title: t('home.notice.column.publishedAt'),
      sorter: true,
      render: (at: string | null) => (at ? formatTime(at) : '-'),
    },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('home.notice.column.createdAt'), sorter: true, defaultSortOrder: 'descend', render: formatTime },
    {
      key: 'actions',
      title: t('home.notice.column.actions'),
      fixed: 'right',
      render: (_, r) => {
        const published = r.state === NOTICE_STATE.published;
        return (
          <Flex gap={4}>
            {a.canView && action(t('home.notice.view'), r, () => a.onView(r))}
            {a.canEdit && action(t('home.notice.edit'), r, () => a.onEdit(r))}
            {a.canPublish && !published && (
              <Popconfirm title={t('home.notice.publishConfirm', { title: r.title })} {...confirm} onConfirm={() => a.onPublish(r)}>
                {action(t('home.notice.publish'), r)}
              </Popconfirm>
            )}
            {a.canWithdraw && published && (
              <Popconfirm title={t('home.notice.withdrawConfirm', { title: r.title })} {...confirm} onConfirm={() => a.onWithdraw(r)}>
                {action(t('home.notice.withdraw'), r)}
              </Popconfirm>
            )}
            {a.canDelete && (
              <DeleteConfirm title={t('home.notice.deleteConfirm', { title: r.title })} onConfirm={() => a.onDelete(r)}>
                {action(t('home.notice.delete'), r, undefined, true)}
              </DeleteConfirm>
            )}
          </Flex>
        );
      },
    },
  ];
}
