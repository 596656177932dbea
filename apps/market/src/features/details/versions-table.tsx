import { Button, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { type AppVersion } from '@uc/contracts';
import { useLocale, useT } from '@uc/client';

export interface VersionsTableProps {
  versions: AppVersion[];
  /** The version the page shows (its row is marked). */
  viewed: string;
  /** Roll back to this row: offered only when given (permission, installed) and the row is kept and not current. */
  onRollback?: ((version: string) => void) | undefined;
  /** A job runs: nothing can be started. */
  busy: boolean;
  onView: (versionId: string) => void;
}

/** Package sizes in the reader's units (1.2 MB, 1,2 Mo); 0 is unknown. */
export function formatSize(bytes: number, locale: string): string {
  if (bytes <= 0) return '-';
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / 1024 / 1024, 'megabyte'] : [Math.max(bytes / 1024, 0.1), 'kilobyte'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

/** Every version the market offers or this server keeps, newest first, with its release notes. */
export function VersionsTable({ versions, viewed, onRollback, busy, onView }: VersionsTableProps) {
  const t = useT();
  const { locale } = useLocale();
  const columns = useMemo<TableColumnsType<AppVersion>>(
    () => [
      {
        key: 'version',
        title: t('market.details.versions.version'),
        render: (_, v) => (
          <Flex vertical gap={4} align="start">
            {v.version === viewed ? (
              <Typography.Text strong>{v.version}</Typography.Text>
            ) : (
              <Typography.Link onClick={() => onView(v.versionId)}>{v.version}</Typography.Link>
            )}
            <Flex gap={4} wrap>
              {v.current && <Tag color="success">{t('market.details.versions.current')}</Tag>}
              {v.available && <Tag color="blue">{t('market.details.versions.available')}</Tag>}
              {v.kept && <Tag>{t('market.details.versions.kept')}</Tag>}
            </Flex>
          </Flex>
        ),
      },
      {
        key: 'changelog',
        title: t('market.details.versions.changelog'),
        render: (_, v) =>
          v.changelog.trim() ? (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0, maxWidth: 640 }} data-testid={`market-changelog-${v.version}`}>
              {v.changelog}
            </Typography.Paragraph>
          ) : (
            <Typography.Text type="secondary">{t('market.details.versions.noChangelog')}</Typography.Text>
          ),
      },
      { key: 'size', title: t('market.details.versions.size'), render: (_, v) => formatSize(v.size, locale) },
      ...(onRollback
        ? [
            {
              key: 'actions',
              title: t('market.details.versions.actions'),
              render: (_: unknown, v: AppVersion) =>
                v.kept && !v.current ? (
                  <Button size="small" disabled={busy} data-testid={`market-action-rollback-${v.version}`} onClick={() => onRollback(v.version)}>
                    {t('market.details.rollback')}
                  </Button>
                ) : null,
            },
          ]
        : []),
    ],
    [t, locale, viewed, onRollback, busy, onView],
  );
  return <Table<AppVersion> rowKey="version" size="small" columns={columns} dataSource={versions} pagination={false} scroll={{ x: 'max-content' }} />;
}
