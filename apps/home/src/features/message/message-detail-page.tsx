import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Divider, Flex, Result, Skeleton, Tag, Typography } from 'antd';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { noticeDetailCall } from '@uc/contracts';
import { ApiError, ErrorShowType, formatDateTime, useLocale, useT } from '@uc/client';
import { LoadFailed, useCall } from '@uc/ui';
import { SanitisedHtml } from '../../lib/sanitised-html';
import { MessageLevelTag } from './message-level-tag';
import { messageListPath, type MessageLinkState } from './message-paths';

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * /home/message/:id: one notice or letter (reading it marks it read). The page shows its own refusal
 * instead of a toast: a 404 (withdrawn, deleted, or never addressed to this user) becomes a result
 * with the way back, anything else a retry.
 */
export function MessageDetailPage() {
  const t = useT();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const from = (useLocation().state as MessageLinkState | null)?.kind;
  // Silent: the page says what went wrong (a timed-out session still gets the sign-in dialog).
  const { data, error, reload } = useCall(noticeDetailCall, valid ? { query: { id }, showType: ErrorShowType.silent } : null);
  const list = messageListPath(data?.kind ?? from ?? 'notice');

  if (!valid || (notFound(error) && !data)) {
    return (
      <Card>
        <Result
          status="404"
          title={t('home.message.notFound.title')}
          subTitle={t('home.message.notFound.detail')}
          extra={
            <Button type="primary" onClick={() => navigate(list)}>
              {t('home.message.backToList')}
            </Button>
          }
        />
      </Card>
    );
  }
  if (error && !data) {
    return (
      <Card>
        <LoadFailed
          status="error"
          title={t('home.message.loadFailed')}
          error={error}
          onRetry={reload}
          extra={<Button onClick={() => navigate(list)}>{t('home.message.backToList')}</Button>}
        />
      </Card>
    );
  }
  if (!data) {
    return (
      <Card>
        <Skeleton active title paragraph={{ rows: 6 }} />
      </Card>
    );
  }

  return (
    <Card
      title={
        <Link to={list}>
          <ArrowLeftOutlined /> {t(`home.message.backTo.${data.kind}`)}
        </Link>
      }
    >
      <Flex vertical gap={8}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 24 }}>
          {data.title}
        </Typography.Title>
        <Flex gap={4} wrap>
          <MessageLevelTag level={data.level} />
          {data.system && <Tag color="purple">{t('home.message.system')}</Tag>}
          {data.tag && <Tag color="blue">{data.tag}</Tag>}
        </Flex>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'sender', label: t('home.message.column.sender'), children: data.senderName || '-' },
            { key: 'publishedAt', label: t('home.message.column.publishedAt'), children: formatDateTime(data.publishedAt, locale) },
          ]}
        />
      </Flex>
      <Divider />
      {data.content.trim() ? (
        <SanitisedHtml html={data.content} testId="message-content" />
      ) : (
        <Typography.Text type="secondary">{t('home.message.noContent')}</Typography.Text>
      )}
    </Card>
  );
}
