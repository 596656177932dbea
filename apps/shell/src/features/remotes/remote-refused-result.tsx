import { Button, Result, Typography } from 'antd';
import { useState } from 'react';
import { registerMessages, useT } from '@uc/client';
import { refusedEnUS, refusedZhCN } from './remote-messages';
import { refreshRegistry } from './registry-refresh';
import type { SharedRefusalFact } from './remote-refusal';

registerMessages('zh-CN', refusedZhCN);
registerMessages('en-US', refusedEnUS);

/**
 * What a remote's pages show when the console will not run it: it was built against a strict shared
 * library (react, antd, @uc/client ...) in a version the console does not have. Says which library,
 * which version the console has and which the module needs, and what to do; the rest of the console
 * keeps working. The retry asks the registry again: a rebuilt version (or an upgraded console) opens.
 */
export function RemoteRefusedResult({ moduleName, refused }: { moduleName: string; refused: readonly SharedRefusalFact[] }) {
  const t = useT();
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    void refreshRegistry({ force: true }).finally(() => setRetrying(false));
  };
  const versions = refused.map((r) => `${r.library} ${r.console}`).join(', ');
  return (
    <Result
      data-testid="remote-refused"
      status="warning"
      title={t('remote.refused.title', { module: moduleName })}
      subTitle={
        <>
          <ul style={{ listStyle: 'none', padding: 0, margin: '0 0 8px' }}>
            {refused.map((r) => (
              <li key={r.library}>
                <Typography.Text strong>{t('remote.refused.library', { library: r.library, console: r.console, required: r.required })}</Typography.Text>
              </li>
            ))}
          </ul>
          {t('remote.refused.action', { module: moduleName, versions })}
        </>
      }
      extra={
        <Button type="primary" loading={retrying} onClick={retry}>
          {t('remote.retry')}
        </Button>
      }
    />
  );
}
