import { CloudDownloadOutlined, DeleteOutlined, SyncOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm, Typography } from 'antd';
import {
  addonVersionId,
  appInstallCall,
  appPurgeCall,
  appStatusCall,
  appUninstallCall,
  appUpdateCall,
  Status,
  type AppDetails,
  type AppJob,
} from '@uc/contracts';
import { call, useT } from '@uc/client';
import { StatusSwitch } from '@uc/ui';
import type { MarketEvent } from '../../lib/market-channel';
import type { OfferedActions } from './offered-actions';

export interface DetailsActionsProps {
  details: AppDetails;
  offered: OfferedActions;
  /** A job runs: nothing else can start. */
  busy: boolean;
  /** Starts a job (install, update); the page follows it. */
  onStart: (start: () => Promise<AppJob>) => void;
  /** The addon changed without a job (switched, uninstalled, purged). */
  onChanged: (change: MarketEvent['type']) => void;
}

/** The details page's buttons, each shown only to whom may make its call. */
export function DetailsActions({ details: d, offered, busy, onStart, onChanged }: DetailsActionsProps) {
  const t = useT();
  const viewedId = addonVersionId(d.name, d.viewedVersion);
  const then = (change: MarketEvent['type']) => () => onChanged(change);
  const ignore = () => undefined;

  return (
    <Flex gap={8} wrap align="center" data-testid="market-actions">
      {offered.install && (
        <Button
          type="primary"
          icon={<CloudDownloadOutlined />}
          disabled={busy}
          data-testid="market-action-install"
          onClick={() => onStart(() => call(appInstallCall, { body: { versionId: viewedId } }))}
        >
          {t('market.details.install', { version: d.viewedVersion })}
        </Button>
      )}
      {offered.updateViewed && (
        <Button
          type="primary"
          icon={<SyncOutlined />}
          disabled={busy}
          data-testid="market-action-update"
          onClick={() => onStart(() => call(appUpdateCall, { body: { name: d.name, versionId: viewedId } }))}
        >
          {t('market.details.updateTo', { version: d.viewedVersion })}
        </Button>
      )}
      {offered.updateNewest && (
        <Button
          type={offered.updateViewed ? 'default' : 'primary'}
          icon={<SyncOutlined />}
          disabled={busy}
          data-testid="market-action-update-newest"
          onClick={() => onStart(() => call(appUpdateCall, { body: { name: d.name, versionId: d.versionId } }))}
        >
          {t('market.details.updateNewest', { version: d.version })}
        </Button>
      )}
      {offered.status && (
        <Flex gap={6} align="center">
          <Typography.Text type="secondary">{t('market.details.enabled')}</Typography.Text>
          <span data-testid="market-action-enabled">
            <StatusSwitch
              status={d.enabled ? Status.enabled : Status.disabled}
              disabled={busy}
              label={`${t('market.details.enabled')} ${d.name}`}
              onChange={(status) => call(appStatusCall, { body: { name: d.name, enabled: status === Status.enabled }, done: 'done' }).then(then('status'))}
            />
          </span>
        </Flex>
      )}
      {offered.uninstall && (
        <Popconfirm
          title={t('market.details.uninstallConfirm', { name: d.name })}
          okText={t('market.ok')}
          cancelText={t('market.cancel')}
          okButtonProps={{ danger: true, 'data-testid': 'market-action-uninstall-ok' }}
          onConfirm={() => call(appUninstallCall, { body: { name: d.name }, done: 'done' }).then(then('uninstalled'), ignore)}
        >
          <Button danger icon={<DeleteOutlined />} disabled={busy} data-testid="market-action-uninstall">
            {t('market.details.uninstall')}
          </Button>
        </Popconfirm>
      )}
      {offered.purge && (
        <Popconfirm
          title={t('market.details.purgeConfirm', { name: d.name })}
          okText={t('market.ok')}
          cancelText={t('market.cancel')}
          okButtonProps={{ danger: true, 'data-testid': 'market-action-purge-ok' }}
          onConfirm={() => call(appPurgeCall, { body: { name: d.name }, done: 'deleted' }).then(then('purged'), ignore)}
        >
          <Button danger icon={<DeleteOutlined />} disabled={busy} data-testid="market-action-purge">
            {t('market.details.purge')}
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );
}
