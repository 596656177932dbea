import type { ReactNode } from 'react';
import { Card, Flex, Tag, Typography } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { ATTENTION_EXPIRY_DAYS, tenantExpiryDate, type DashboardAttention } from '@uc/contracts';
import { formatDateTime, useT } from '@uc/client';

const DAY_MS = 86_400_000;

/*
 * The screens the rows open. Remotes never import each other: they meet through URLs, so these are the
 * tenant and market remotes' routes, written here once.
 */
const tenantPath = (id: number) => `/tenant/details/${id}`;
const MONITOR_PATH = '/dashboard/monitor';
const addonPath = (versionId: string) => `/addons/market/details/${encodeURIComponent(versionId)}`;

/** One list of the card: its title, and its rows or the line saying there are none. */
function Section({ title, testId, none, children }: { title: ReactNode; testId: string; none: string; children: ReactNode[] }) {
  return (
    <Flex vertical gap={4} data-testid={testId}>
      <Typography.Text strong>{title}</Typography.Text>
      {children.length > 0 ? children : <Typography.Text type="secondary">{none}</Typography.Text>}
    </Flex>
  );
}

function Row({ link, children }: { link: ReactNode; children: ReactNode }) {
  return (
    <Flex gap={8} align="center" wrap justify="space-between">
      {link}
      <Flex gap={4} align="center" wrap>
        {children}
      </Flex>
    </Flex>
  );
}

/** Whether the card shows: the server sent at least one of its lists (null: the caller may see none). */
export const attentionShown = (attention: DashboardAttention | null): attention is DashboardAttention =>
  Boolean(attention && (attention.tenants || attention.remotes || attention.addons));

/**
 * The platform operators' morning list: tenants whose licence ends soon or ended, remotes whose manifest
 * does not answer, addons whose last job failed. Each list shows only when the server sent it (the
 * caller holds its screen); the card is left out when it sent none.
 */
export function WorkplaceAttention({ attention, serverTime }: { attention: DashboardAttention | null; serverTime: string }) {
  const t = useT();
  if (!attentionShown(attention)) return null;
  const { tenants, remotes, addons } = attention;
  const allWell = (tenants?.total ?? 0) === 0 && (remotes?.length ?? 0) === 0 && (addons?.length ?? 0) === 0;
  const now = Date.parse(serverTime);
  return (
    <Card title={t('home.dashboard.workplace.attention')} data-testid="workplace-attention">
      {allWell ? (
        <Typography.Text type="success" data-testid="attention-all-well">
          <CheckCircleOutlined /> {t('home.dashboard.workplace.attention.allWell')}
        </Typography.Text>
      ) : (
        <Flex vertical gap={16}>
          {tenants && (
            <Section
              testId="attention-tenants"
              title={
                tenants.total > tenants.list.length
                  ? t('home.dashboard.workplace.attention.tenants.more', { days: ATTENTION_EXPIRY_DAYS, total: tenants.total, shown: tenants.list.length })
                  : t('home.dashboard.workplace.attention.tenants', { days: ATTENTION_EXPIRY_DAYS })
              }
              none={t('home.dashboard.workplace.attention.tenants.none')}
            >
              {tenants.list.map((r) => (
                <Row key={r.id} link={<Link to={tenantPath(r.id)}>{r.name}</Link>}>
                  <Typography.Text type="secondary">
                    {t('home.dashboard.workplace.attention.tenants.lastDay', { date: tenantExpiryDate(r.expiresAt) })}
                  </Typography.Text>
                  {r.expired ? (
                    <Tag color="error">{t('home.dashboard.workplace.attention.tenants.expired')}</Tag>
                  ) : (
                    <Tag color="warning">
                      {t('home.dashboard.workplace.attention.tenants.daysLeft', { days: Math.max(1, Math.ceil((Date.parse(r.expiresAt) - now) / DAY_MS)) })}
                    </Tag>
                  )}
                </Row>
              ))}
            </Section>
          )}
          {remotes && (
            <Section
              testId="attention-remotes"
              title={t('home.dashboard.workplace.attention.remotes')}
              none={t('home.dashboard.workplace.attention.remotes.none')}
            >
              {remotes.map((r) => (
                <Row
                  key={r.name}
                  link={
                    <Link to={MONITOR_PATH}>
                      {r.name} {r.version}
                    </Link>
                  }
                >
                  <Typography.Text type="secondary">{formatDateTime(r.checkedAt)}</Typography.Text>
                  <Tag color="error">{t(`home.dashboard.monitor.manifest.${r.manifest}`, { status: r.httpStatus ?? '' })}</Tag>
                </Row>
              ))}
            </Section>
          )}
          {addons && (
            <Section
              testId="attention-addons"
              title={t('home.dashboard.workplace.attention.addons')}
              none={t('home.dashboard.workplace.attention.addons.none')}
            >
              {addons.map((a) => (
                <Flex key={a.name} vertical>
                  <Row
                    link={
                      <Link to={addonPath(a.versionId)}>
                        {a.name} {a.version}
                      </Link>
                    }
                  >
                    <Typography.Text type="secondary">{formatDateTime(a.failedAt)}</Typography.Text>
                  </Row>
                  <Typography.Text type="danger" ellipsis={{ tooltip: a.error }}>
                    {a.error}
                  </Typography.Text>
                </Flex>
              ))}
            </Section>
          )}
        </Flex>
      )}
    </Card>
  );
}
