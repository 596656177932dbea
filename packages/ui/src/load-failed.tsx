import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '@uc/client';

export interface LoadFailedProps {
  /** What could not be loaded, e.g. 分析数据没有加载出来. */
  title: string;
  onRetry: () => void;
  /** The failure; its message (already translated by the API client) is shown under the title. */
  error?: unknown;
  status?: 'warning' | 'error';
  /** More actions beside the retry, e.g. back to the list. */
  extra?: ReactNode;
  testId?: string;
}

/** A page or part of one that could not load, why, and a button to ask again: one look for every remote. */
export function LoadFailed({ title, onRetry, error, status = 'warning', extra, testId }: LoadFailedProps) {
  const t = useT();
  return (
    <Result
      data-testid={testId}
      status={status}
      title={title}
      subTitle={error instanceof Error ? error.message : undefined}
      extra={
        <>
          <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
            {t('load.retry')}
          </Button>
          {extra}
        </>
      }
    />
  );
}
