import { Button, Result } from 'antd';
import { useT } from '@uc/shared';

/** A dashboard page whose figures could not load (the API client has shown why), with a way to ask again. */
export function LoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  const t = useT();
  return (
    <Result
      status="warning"
      title={title}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('home.dashboard.retry')}
        </Button>
      }
    />
  );
}
