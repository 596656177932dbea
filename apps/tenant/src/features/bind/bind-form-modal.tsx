import { Flex, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { isCaptchaChallenge, platformBindCall, platformBindCaptchaCall, type PlatformBinding, type PlatformBindView } from '@uc/contracts';
import { ApiError, call, useT } from '@uc/client';
import { FormModal } from '@uc/ui';

interface BindFormValues {
  platformUrl: string;
  clientId?: string;
  username: string;
  password: string;
  code?: string;
}

interface BindFormModalProps {
  open: boolean;
  /** The current binding: binding again starts from its address, client id and user name. */
  binding: PlatformBinding | null;
  onClose: () => void;
  onBound: (view: PlatformBindView) => void;
}

type Captcha = { cid: string; base64: string };

/**
 * Binding a platform account: the platform's address, an optional client id, the user name and
 * password there. When the platform asks for a captcha (too many failed sign-ins, or it asks
 * everyone), its image is fetched through this server and the code is sent with the next attempt.
 */
export function BindFormModal({ open, binding, onClose, onBound }: BindFormModalProps) {
  const t = useT();
  const [form] = Form.useForm<BindFormValues>();
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  useEffect(() => {
    if (!open) setCaptcha(null);
  }, [open]);

  const loadCaptcha = async (platformUrl: string) => {
    form.setFieldValue('code', '');
    try {
      setCaptcha(await call(platformBindCaptchaCall, { query: { platformUrl } }));
    } catch {
      setCaptcha(null); // the client has shown why (the platform is down, say)
    }
  };

  const submit = async ({ platformUrl, clientId, username, password, code }: BindFormValues) => {
    try {
      return await call(platformBindCall, {
        body: { platformUrl, clientId: clientId ?? '', username, password, ...(captcha ? { cid: captcha.cid, code: code ?? '' } : {}) },
        done: 'done',
      });
    } catch (error) {
      // A captcha is single use: after any refusal the next attempt needs a new one, if the platform asks.
      if (captcha || (error instanceof ApiError && isCaptchaChallenge(error.data))) await loadCaptcha(platformUrl);
      throw error;
    }
  };

  return (
    <FormModal
      open={open}
      title={t('pt.bind.formTitle')}
      name="platform-bind"
      form={form}
      okText={t('pt.bind.submit')}
      values={binding ? { platformUrl: binding.platformUrl, clientId: binding.clientId, username: binding.username } : {}}
      onSubmit={submit}
      onSaved={onBound}
      onClose={onClose}
    >
      <Form.Item
        name="platformUrl"
        label={t('pt.bind.platformUrl')}
        extra={t('pt.bind.platformUrl.help')}
        rules={[
          { required: true, whitespace: true, message: t('pt.bind.platformUrl.required') },
          { pattern: /^\s*https?:\/\//i, message: t('pt.bind.platformUrl.rule') },
        ]}
      >
        <Input maxLength={512} placeholder={t('pt.bind.platformUrl.placeholder')} autoComplete="url" />
      </Form.Item>
      <Form.Item name="clientId" label={t('pt.bind.clientId')} extra={t('pt.bind.clientId.help')}>
        <Input maxLength={128} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="username"
        label={t('pt.bind.username')}
        extra={t('pt.bind.username.help')}
        rules={[{ required: true, whitespace: true, message: t('pt.bind.username.required') }]}
      >
        <Input maxLength={64} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('pt.bind.password')}
        extra={t('pt.bind.password.help')}
        rules={[{ required: true, message: t('pt.bind.password.required') }]}
      >
        {/* new-password: the browser must not fill in this console's own password. */}
        <Input.Password maxLength={128} autoComplete="new-password" />
      </Form.Item>
      {captcha && (
        <Form.Item label={t('pt.bind.captcha')} extra={t('pt.bind.captcha.help')} required>
          <Flex gap={8} align="center">
            <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('pt.bind.captcha.required') }]}>
              <Input maxLength={16} autoComplete="off" aria-label={t('pt.bind.captcha')} />
            </Form.Item>
            <img
              src={captcha.base64}
              alt={t('pt.bind.captcha.image')}
              title={t('pt.bind.captcha.image')}
              height={40}
              style={{ cursor: 'pointer', flex: 'none' }}
              onClick={() => void loadCaptcha(form.getFieldValue('platformUrl') as string)}
            />
          </Flex>
        </Form.Item>
      )}
    </FormModal>
  );
}
