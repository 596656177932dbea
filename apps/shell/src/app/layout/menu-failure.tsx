import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Button, Result, Typography } from 'antd';
import { useState } from 'react';
import { retryMenus, useT } from '@uc/client';

/** The retry of the menus whose read failed, and whether it is on its way. */
function useMenuRetry(): { retrying: boolean; retry: () => void } {
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    void retryMenus().finally(() => setRetrying(false));
  };
  return { retrying, retry };
}

/**
 * Where the header's app menus would be when role/header failed: says so, why on hover, and retries.
 * An empty header with no word about it would look like a user without apps.
 */
export function HeaderMenuFailure({ reason }: { reason: string }) {
  const t = useT();
  const { retrying, retry } = useMenuRetry();
  return (
    <div role="alert" data-testid="header-menu-failed" style={{ display: 'flex', alignItems: 'center', gap: 4, minWidth: 0, whiteSpace: 'nowrap' }}>
      <Typography.Text type="warning" title={reason} ellipsis>
        <ExclamationCircleOutlined /> {t('layout.menu.header.failed')}
      </Typography.Text>
      <Button type="link" size="small" loading={retrying} onClick={retry}>
        {t('layout.menu.retry')}
      </Button>
    </div>
  );
}

/** Where the side menu would be when role/antd/menu failed: says so and why, and retries. */
export function SideMenuFailure({ reason }: { reason: string }) {
  const t = useT();
  const { retrying, retry } = useMenuRetry();
  return (
    <div role="alert" data-testid="side-menu-failed" style={{ padding: 16 }}>
      <Typography.Paragraph type="warning" style={{ marginBottom: 8 }}>
        <ExclamationCircleOutlined /> {t('layout.menu.side.failed')}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {reason}
      </Typography.Paragraph>
      <Button size="small" loading={retrying} onClick={retry}>
        {t('layout.menu.retry')}
      </Button>
    </div>
  );
}

/**
 * The page area while the side menu has failed: which pages the user may open is known from it, so
 * the page is not shown (nor a 403 it would wrongly get) until a retry brings the menu.
 */
export function MenuFailurePage({ reason }: { reason: string }) {
  const t = useT();
  const { retrying, retry } = useMenuRetry();
  return (
    <Result
      data-testid="menu-failed-page"
      status="warning"
      title={t('layout.menu.side.failed')}
      subTitle={
        <>
          {reason}
          <br />
          {t('layout.menu.page.failed.description')}
        </>
      }
      extra={
        <Button type="primary" loading={retrying} onClick={retry}>
          {t('layout.menu.retry')}
        </Button>
      }
    />
  );
}
