import { DisconnectOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useT } from '@uc/client';

/**
 * What a console page shows when it cannot be opened because the network is down: not a 404 (the
 * address may well exist) nor a broken module, but "you are offline", with a retry that opens the
 * page once the network is back.
 */
export function OfflineResult({ moduleName, onRetry, retrying = false }: { moduleName?: string; onRetry: () => void; retrying?: boolean }) {
  const t = useT();
  return (
    <Result
      data-testid="offline-result"
      status="warning"
      icon={<DisconnectOutlined />}
      title={t('offline.title')}
      subTitle={moduleName ? t('offline.module', { module: moduleName }) : t('offline.description')}
      extra={
        <Button type="primary" loading={retrying} onClick={onRetry}>
          {t('remote.retry')}
        </Button>
      }
    />
  );
}
