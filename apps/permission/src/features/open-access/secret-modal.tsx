import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Modal, Typography } from 'antd';
import { type OpenAccessSecret } from '@uc/contracts';
import { copyText, useT } from '@uc/client';

/** Shows a key's full secret, the one time it exists in the clear (after create or rotate). */
export function SecretModal({ secret, onClose }: { secret?: OpenAccessSecret; onClose: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const copy = async () => {
    if (!secret) return;
    // The console is often reached over plain http, where only copyText's fallback can copy.
    if (await copyText(secret.secret)) void message.success(t('perm.oa.copied'));
    else void message.error(t('perm.oa.copyFailed'));
  };
  return (
    <Modal
      open={!!secret}
      title={t('perm.oa.secretTitle')}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="copy" icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('perm.oa.copy')}
        </Button>,
        <Button key="done" type="primary" onClick={onClose}>
          {t('perm.oa.secretDone')}
        </Button>,
      ]}
    >
      <Alert type="warning" showIcon title={t('perm.oa.secretWarning')} style={{ marginBottom: 16 }} />
      {secret && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('perm.oa.key')}>
            <Typography.Text code copyable data-testid="oa-key">
              {secret.key}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('perm.oa.secret')}>
            <Typography.Text code data-testid="oa-secret">
              {secret.secret}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
