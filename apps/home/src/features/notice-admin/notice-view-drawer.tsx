import { Descriptions, Divider, Drawer, Flex, Skeleton, Tag, Typography } from 'antd';
import { noticeViewCall } from '@uc/contracts';
import { formatDateTime, useLocale, useT } from '@uc/client';
import { useCall } from '@uc/ui';
import { SanitisedHtml } from '../../lib/sanitised-html';
import { NoticeLevelTag, NoticeStateTag, useRangeText } from './notice-labels';

interface NoticeViewDrawerProps {
  /** The notice to show; null: closed. */
  id: number | null;
  onClose: () => void;
}

/** A notice as its readers see it, with who it reaches and its history. */
export function NoticeViewDrawer({ id, onClose }: NoticeViewDrawerProps) {
  const t = useT();
  const { locale } = useLocale();
  const rangeText = useRangeText();
  const { data } = useCall(noticeViewCall, id !== null ? { query: { id } } : null);
  const n = data?.id === id ? data : undefined;
  const time = (iso: string | null) => (iso ? formatDateTime(iso, locale) : '-');
  return (
    <Drawer open={id !== null} onClose={onClose} size={760} title={n?.title ?? t('home.notice.viewTitle')} destroyOnHidden>
      {!n ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          <Flex gap={4} wrap style={{ marginBottom: 16 }}>
            <NoticeStateTag state={n.state} />
            <NoticeLevelTag level={n.level} />
            {n.tag && <Tag color="blue">{n.tag}</Tag>}
          </Flex>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'range', label: t('home.notice.field.range'), children: rangeText(n) },
              { key: 'sender', label: t('home.notice.column.sender'), children: n.senderName || '-' },
              { key: 'publishedAt', label: t('home.notice.column.publishedAt'), children: time(n.publishedAt) },
              { key: 'createdAt', label: t('home.notice.column.createdAt'), children: time(n.createdAt) },
              ...(n.recipients.length > 0
                ? [
                    {
                      key: 'recipients',
                      label: t('home.notice.field.users'),
                      span: 2,
                      children: n.recipients.map((u) => (u.realName ? `${u.realName} (${u.username})` : u.username)).join(', '),
                    },
                  ]
                : []),
              ...(n.remark ? [{ key: 'remark', label: t('home.notice.field.remark'), span: 2, children: n.remark }] : []),
            ]}
          />
          <Divider />
          {n.content.trim() ? (
            <SanitisedHtml html={n.content} testId="notice-content" />
          ) : (
            <Typography.Text type="secondary">{t('home.notice.noContent')}</Typography.Text>
          )}
        </>
      )}
    </Drawer>
  );
}
