import { Card, Typography } from 'antd';
import { useSession, useT } from '@uc/client';

/** /hello-addon/hello: the remote's first page; replace it with the module's real screen. */
export function HelloPage() {
  const t = useT();
  const name = useSession((s) => s.currentUser?.realName || s.currentUser?.username || '');
  return (
    <Card title={t('hello-addon.hello.title')}>
      <Typography.Paragraph>{t('hello-addon.hello.greeting', { name })}</Typography.Paragraph>
    </Card>
  );
}
