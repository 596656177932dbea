import { Badge, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import type { MessageRow, NoticeKind } from '@uc/contracts';
import { MessageLevelTag } from './message-level-tag';
import { messageDetailPath, type MessageLinkState } from './message-paths';

type Translate = (key: string, p?: Record<string, string | number>) => string;

/** The columns of one personal list; the title opens the message (which marks it read). */
export function messageColumns(t: Translate, formatTime: (iso: string) => string, kind: NoticeKind): TableColumnsType<MessageRow> {
  const state: MessageLinkState = { kind };
  return [
    {
      key: 'title',
      dataIndex: 'title',
      title: t('home.message.column.title'),
      render: (title: string, r) => (
        <Flex vertical gap={2} style={{ maxWidth: 560 }}>
          <Flex gap={6} align="center">
            {!r.read && (
              <span role="img" aria-label={t('home.message.unread')} title={t('home.message.unread')}>
                <Badge status="processing" />
              </span>
            )}
            <Link to={messageDetailPath(r.id)} state={state} style={{ fontWeight: r.read ? 400 : 600 }}>
              {title}
            </Link>
          </Flex>
          {r.summary && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: r.summary }}>
              {r.summary}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { key: 'level', dataIndex: 'level', title: t('home.message.column.level'), sorter: true, render: (level: number) => <MessageLevelTag level={level} /> },
    {
      key: 'tag',
      dataIndex: 'tag',
      title: t('home.message.column.tag'),
      render: (tag: string, r) =>
        tag || r.system ? (
          <Flex gap={4} wrap>
            {r.system && <Tag color="purple">{t('home.message.system')}</Tag>}
            {tag && <Tag color="blue">{tag}</Tag>}
          </Flex>
        ) : (
          '-'
        ),
    },
    { key: 'senderName', dataIndex: 'senderName', title: t('home.message.column.sender'), render: (name: string) => name || '-' },
    {
      key: 'publishedAt',
      dataIndex: 'publishedAt',
      title: t('home.message.column.publishedAt'),
      sorter: true,
      defaultSortOrder: 'descend',
      render: formatTime,
    },
  ];
}
