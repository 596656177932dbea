import { Card, Typography } from 'antd';
import { useSession, useT } from '@uc/client';

/** /__NAME__/hello: the remote's first page; replace it with the module's real screen. */
export function HelloPage() {
  const t = useT();
  const name = useSession((s) => s.currentUser?.realName || s.currentUser?.username || '');
  return (
    <Card title={t('__NAME__.hello.title')}>
      <Typography.Paragraph>{t('__NAME__.hello.greeting', { name })}</Typography.Paragraph>
    </Card>
  );
}
