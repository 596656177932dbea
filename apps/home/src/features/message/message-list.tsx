import { CheckOutlined } from '@ant-design/icons';
import { Button, Segmented } from 'antd';
import { useMemo, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { noticeMyMessagesCall, noticePublicMessagesCall, noticeReadAllCall, type FilterTriple, type NoticeKind, type MessageRow } from '@uc/contracts';
import { call, formatDateTime, useLocale, useT } from '@uc/client';
import { ListTable, useListQuery } from '@uc/ui';
import { messageColumns } from './message-columns';
import { messageDetailPath, type MessageLinkState } from './message-paths';

type ReadFilter = 'all' | 'unread' | 'read';
// The personal lists join the caller's read mark: no mark (readAt null) is unread.
const READ_FILTERS: Record<ReadFilter, FilterTriple[]> = { all: [], unread: [['readAt', 'null']], read: [['readAt', 'not_null']] };

interface MessageListProps {
  kind: NoticeKind;
  /** Unread messages of this kind (noticeCountAllCall), while known. */
  unread: number | undefined;
  /** After marking all read: the page's counts are stale. */
  onMarked: () => void;
}

/** One tab of /home/message: notices or private letters, newest first, with search, a read filter and "mark all read". */
export function MessageList({ kind, unread, onMarked }: MessageListProps) {
  const t = useT();
  const { locale } = useLocale();
  const query = useListQuery(kind === 'notice' ? noticePublicMessagesCall : noticeMyMessagesCall, { sort: '-publishedAt' });
  const { reload, setFilter } = query;
  const [read, setRead] = useState<ReadFilter>('all');
  const [marking, setMarking] = useState(false);
  const navigate = useNavigate();
  const columns = useMemo(() => messageColumns(t, (iso) => formatDateTime(iso, locale), kind), [t, locale, kind]);

  const markAllRead = () => {
    setMarking(true);
    call(noticeReadAllCall, { body: { kind }, done: 'done' })
      .then(() => {
        reload();
        onMarked();
      })
      .catch(() => undefined) // the API client has shown why
      .finally(() => setMarking(false));
  };

  const toolbar = (
    <>
      <Segmented<ReadFilter>
        aria-label={t('home.message.readFilter')}
        value={read}
        options={[
          { value: 'all', label: t('home.message.filter.all') },
          { value: 'unread', label: t('home.message.filter.unread') },
          { value: 'read', label: t('home.message.filter.read') },
        ]}
        onChange={(value) => {
          setRead(value);
          setFilter(READ_FILTERS[value]);
        }}
      />
      <Button icon={<CheckOutlined />} loading={marking} disabled={unread === 0} onClick={markAllRead}>
        {t(`home.message.markAllRead.${kind}`)}
      </Button>
    </>
  );

  // A click anywhere on a row opens it, as the title link does (the link is the keyboard's way in).
  const onRow = (row: MessageRow) => ({
    onClick: (e: MouseEvent<HTMLElement>) => {
      if ((e.target as HTMLElement).closest('a, button, input, .ant-typography-expand')) return;
      const state: MessageLinkState = { kind };
      void navigate(messageDetailPath(row.id), { state });
    },
  });

  const filtered = query.keyword !== '' || query.filter.length > 0;
  return (
    <div className="uc-message-list">
      <style href="uc-home-message-list" precedence="medium">
        {'.uc-message-list .ant-table-tbody tr[data-row-key]{cursor:pointer}'}
      </style>
      <ListTable
        query={query}
        columns={columns}
        rowKey="id"
        searchPlaceholder={t('home.message.search')}
        toolbar={toolbar}
        onRow={onRow}
        emptyText={t(filtered ? 'home.message.empty.filtered' : `home.message.empty.${kind}`)}
      />
    </div>
  );
}
