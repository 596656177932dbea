import { MailOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Segmented } from 'antd';
import { useMemo, useState } from 'react';
import {
  letterSendCall,
  noticeDeleteBatchCall,
  noticeDeleteCall,
  noticeEditCall,
  noticeListCall,
  noticePublishBatchCall,
  noticePublishCall,
  noticeViewCall,
  noticeWithdrawCall,
  type FilterTriple,
  type NoticeAdminRow,
  type NoticeAdminView,
} from '@uc/contracts';
import { call, formatDateTime, useCan, useLocale, useT } from '@uc/client';
import { ListTable, useBatchActions, useListQuery } from '@uc/ui';
import { LetterSendModal } from './letter-send-modal';
import { noticeColumns } from './notice-columns';
import { NoticeFormDrawer } from './notice-form-drawer';
import { STATES, useRangeText } from './notice-labels';
import { NoticeViewDrawer } from './notice-view-drawer';

type StateFilter = 'all' | `${(typeof STATES)[number]}`;

/**
 * /home/notice/manage: the notices and letters of the caller's tenant, drafts included. A notice is
 * written as a draft, published to its range (its readers are told at once), withdrawn and published
 * again; a letter goes to chosen users at once. Each button shows only to whom may make its call.
 */
export function NoticeAdminPage() {
  const t = useT();
  const { locale } = useLocale();
  const can = useCan();
  const rangeText = useRangeText();
  const query = useListQuery(noticeListCall, { sort: '-createdAt' });
  const { reload, setFilter } = query;
  const [state, setState] = useState<StateFilter>('all');
  const [editor, setEditor] = useState<{ open: boolean; record?: NoticeAdminView }>({ open: false });
  const [viewing, setViewing] = useState<number | null>(null);
  const [letterOpen, setLetterOpen] = useState(false);
  // The letter form (a modal that keeps its form mounted) is built the first time it is asked for.
  const [letterUsed, setLetterUsed] = useState(false);

  // Several notices published or deleted at once; each is refused on its own as its single call would be.
  const batch = useBatchActions<NoticeAdminRow>({
    actions: [
      { key: 'publish', label: t('home.notice.publish'), call: noticePublishBatchCall },
      { key: 'delete', label: t('home.notice.delete'), call: noticeDeleteBatchCall, danger: true },
    ],
    idOf: (row) => row.id,
    labelOf: (row) => row.title,
    onDone: reload,
  });

  const canEdit = can(noticeEditCall);
  const canSend = can(letterSendCall);

  const columns = useMemo(() => {
    // Each write reloads the list; a refusal has been shown by the API client and changes nothing.
    const write = (done: Promise<unknown>) => void done.then(reload, () => undefined);
    return noticeColumns(t, (iso) => formatDateTime(iso, locale), rangeText, {
      canView: can(noticeViewCall),
      canEdit: can(noticeEditCall) && can(noticeViewCall),
      canPublish: can(noticePublishCall),
      canWithdraw: can(noticeWithdrawCall),
      canDelete: can(noticeDeleteCall),
      onView: (row) => setViewing(row.id),
      // The list holds no content or recipients: the form opens once the notice is loaded.
      onEdit: (row: NoticeAdminRow) =>
        void call(noticeViewCall, { query: { id: row.id } }).then(
          (record) => setEditor({ open: true, record }),
          () => undefined,
        ),
      onPublish: (row) => write(call(noticePublishCall, { body: { id: row.id }, done: 'done' })),
      onWithdraw: (row) => write(call(noticeWithdrawCall, { body: { id: row.id }, done: 'done' })),
      onDelete: (row) => write(call(noticeDeleteCall, { body: { id: row.id }, done: 'deleted' })),
    });
  }, [t, locale, can, rangeText, reload]);

  const toolbar = (
    <>
      <Segmented<StateFilter>
        aria-label={t('home.notice.column.state')}
        value={state}
        options={[
          { value: 'all', label: t('home.notice.filter.all') },
          ...STATES.map((s) => ({ value: `${s}` as StateFilter, label: t(`home.notice.state.${s}`) })),
        ]}
        onChange={(value) => {
          setState(value);
          setFilter(value === 'all' ? [] : ([['state', '=', Number(value)]] satisfies FilterTriple[]));
        }}
      />
      {canSend && (
        <Button
          icon={<MailOutlined />}
          onClick={() => {
            setLetterUsed(true);
            setLetterOpen(true);
          }}
        >
          {t('home.notice.sendLetter')}
        </Button>
      )}
      {canEdit && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true })}>
          {t('home.notice.create')}
        </Button>
      )}
    </>
  );

  const filtered = query.keyword !== '' || query.filter.length > 0;
  return (
    <Card title={t('home.notice.title')}>
      <ListTable
        query={query}
        columns={columns}
        rowKey="id"
        tableKey="home.notice"
        rowSelection={batch.rowSelection}
        above={batch.bar}
        searchPlaceholder={t('home.notice.search')}
        toolbar={toolbar}
        emptyText={t(filtered ? 'home.notice.empty.filtered' : canEdit ? 'home.notice.empty.create' : 'home.notice.empty.none')}
      />
      <NoticeFormDrawer
        open={editor.open}
        record={editor.record}
        onClose={() => setEditor({ open: false })}
        onSaved={() => {
          setEditor({ open: false });
          reload();
        }}
      />
      {letterUsed && (
        <LetterSendModal
          open={letterOpen}
          onClose={() => setLetterOpen(false)}
          onSent={() => {
            setLetterOpen(false);
            reload();
          }}
        />
      )}
      <NoticeViewDrawer id={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
