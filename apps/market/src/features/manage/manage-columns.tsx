import { Avatar, Button, Flex, Progress, Tooltip, Typography, type TableColumnsType } from 'antd';
import { InstallStatus, Status, type AppCard, type StatusValue } from '@uc/contracts';
import { StatusSwitch } from '@uc/ui';
import { AppIcon } from '../../lib/app-icon';
import { BuiltInTag, DisabledTag, InstallStatusTag, isRunning } from '../../lib/install-status';
import { localized } from '../../lib/localized';

type Translate = (key: string, p?: Record<string, string | number>) => string;

export interface ManageActions {
  locale: string;
  /** May switch addons on and off (app/status). */
  canSwitch: boolean;
  onSwitch: (card: AppCard, enabled: boolean) => Promise<unknown>;
  onDetails: (card: AppCard) => void;
}

/** The manage page's columns: one row per addon, its versions, state and the way to its details. */
export function manageColumns(t: Translate, a: ManageActions): TableColumnsType<AppCard> {
  return [
    {
      key: 'title',
      title: t('market.manage.column.app'),
      render: (_, c) => (
        <Flex gap={8} align="center">
          <Avatar shape="square" size="small" icon={<AppIcon name={c.word} />} style={{ background: '#e6f4ff', color: '#1890ff', flex: 'none' }} />
          <Typography.Link onClick={() => a.onDetails(c)}>{localized(c.title, a.locale) || c.name}</Typography.Link>
        </Flex>
      ),
    },
    { key: 'name', dataIndex: 'name', title: t('market.manage.column.name'), render: (name: string) => <Typography.Text code>{name}</Typography.Text> },
    {
      key: 'localVersion',
      dataIndex: 'localVersion',
      title: t('market.manage.column.localVersion'),
      render: (v: string) => v || <Typography.Text type="secondary">-</Typography.Text>,
    },
    {
      key: 'version',
      title: t('market.manage.column.version'),
      render: (_, c) =>
        c.installStatus === InstallStatus.installed && c.updateStatus === 1 ? (
          <span data-testid={`market-manage-version-${c.name}`}>
            <del data-testid="market-old-version">{c.localVersion}</del> {c.version}
          </span>
        ) : (
          c.version || '-'
        ),
    },
    {
      key: 'status',
      title: t('market.manage.column.status'),
      render: (_, c) => (
        <Flex vertical gap={4} style={{ minWidth: 120 }}>
          <Flex gap={4} wrap>
            {c.installStatus === InstallStatus.failed && c.error ? (
              <Tooltip title={c.error}>
                <span>
                  <InstallStatusTag status={c.installStatus} testId={`market-manage-status-${c.name}`} />
                </span>
              </Tooltip>
            ) : (
              <InstallStatusTag status={c.installStatus} testId={`market-manage-status-${c.name}`} />
            )}
            {c.installStatus === InstallStatus.installed && !c.enabled && <DisabledTag />}
            {c.builtIn && <BuiltInTag />}
          </Flex>
          {isRunning(c.installStatus) && <Progress percent={c.progress} size="small" status="active" />}
        </Flex>
      ),
    },
    {
      key: 'enabled',
      title: t('market.manage.column.enabled'),
      render: (_, c) =>
        // The console's own areas come with its build: the market does not switch them off.
        c.localVersion === '' || c.builtIn ? (
          <Typography.Text type="secondary">-</Typography.Text>
        ) : (
          <span data-testid={`market-manage-enabled-${c.name}`}>
            <StatusSwitch
              status={c.enabled ? Status.enabled : Status.disabled}
              disabled={!a.canSwitch || isRunning(c.installStatus)}
              label={`${t('market.manage.column.enabled')} ${c.name}`}
              onChange={(status: StatusValue) => a.onSwitch(c, status === Status.enabled)}
            />
          </span>
        ),
    },
    {
      key: 'actions',
      title: t('market.manage.column.actions'),
      fixed: 'right',
      render: (_, c) => (
        <Button size="small" type="link" data-testid={`market-manage-details-${c.name}`} onClick={() => a.onDetails(c)}>
          {t('market.card.details')}
        </Button>
      ),
    },
  ];
}
