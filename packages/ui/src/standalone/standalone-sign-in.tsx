import { Button, Card, Form, Input } from 'antd';
import { accountLoginCall } from '@uc/contracts';
import { call, refreshUser, setAccessToken, useT } from '@uc/client';

interface Credentials {
  username: string;
  password: string;
}

/** The dev host's bare sign-in: the real login screen lives in the shell, not in every remote. */
export function StandaloneSignIn() {
  const t = useT();
  const onFinish = async (values: Credentials) => {
    const result = await call(accountLoginCall, { body: values });
    setAccessToken(result.token);
    await refreshUser();
  };
  return (
    <Card title={t('standalone.signIn')} style={{ maxWidth: 360, margin: '80px auto' }}>
      <Form<Credentials> layout="vertical" onFinish={onFinish}>
        <Form.Item name="username" label={t('standalone.username')} rules={[{ required: true, message: t('standalone.username.required') }]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label={t('standalone.password')} rules={[{ required: true, message: t('standalone.password.required') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          {t('standalone.signIn')}
        </Button>
      </Form>
    </Card>
  );
}
