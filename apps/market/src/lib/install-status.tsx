import { Tag, Tooltip } from 'antd';
import { InstallStatus, type InstallStatusValue } from '@uc/contracts';
import { useT } from '@uc/client';

/** A job is on its way: the market asks again every second until it is not. */
export const isRunning = (status: InstallStatusValue): boolean => status === InstallStatus.downloading || status === InstallStatus.installing;

const LABEL: Record<InstallStatusValue, string> = {
  [InstallStatus.notInstalled]: 'market.status.notInstalled',
  [InstallStatus.downloading]: 'market.status.downloading',
  [InstallStatus.installing]: 'market.status.installing',
  [InstallStatus.installed]: 'market.status.installed',
  [InstallStatus.failed]: 'market.status.failed',
};

const COLOR: Record<InstallStatusValue, string | undefined> = {
  [InstallStatus.notInstalled]: undefined,
  [InstallStatus.downloading]: 'processing',
  [InstallStatus.installing]: 'processing',
  [InstallStatus.installed]: 'success',
  [InstallStatus.failed]: 'error',
};

export const installStatusLabel = (status: InstallStatusValue): string => LABEL[status];

/** The spec's status labels (section 4: 未安装, 下载中, 安装中, 已安装) plus 安装失败. */
export function InstallStatusTag({ status, testId }: { status: InstallStatusValue; testId?: string }) {
  const t = useT();
  return (
    <Tag color={COLOR[status]} data-testid={testId} style={{ marginInlineEnd: 0 }}>
      {t(LABEL[status])}
    </Tag>
  );
}

/** An installed addon switched off: its menus and routes are hidden until it is enabled again. */
export function DisabledTag() {
  const t = useT();
  return (
    <Tag color="warning" data-testid="market-disabled" style={{ marginInlineEnd: 0 }}>
      {t('market.disabled')}
    </Tag>
  );
}

/** One of the console's own areas: installed and updated with the console, not through the market. */
export function BuiltInTag() {
  const t = useT();
  return (
    <Tooltip title={t('market.card.builtInHint')}>
      <Tag color="blue" data-testid="market-built-in" style={{ marginInlineEnd: 0 }}>
        {t('market.card.builtIn')}
      </Tag>
    </Tooltip>
  );
}
