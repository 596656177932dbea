import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Modal, Typography } from 'antd';
import { copyText, useT } from '@uc/client';

export interface GeneratedPassword {
  tenantName: string;
  username: string;
  password: string;
}

/**
 * The administrator's generated password, right after the tenant is made. The server answers it in
 * that one call and keeps only its hash, so this is the only time anyone sees it: a copy button, and
 * the modal closes only on purpose (no click outside).
 */
export function PasswordModal({ shown, onClose }: { shown: GeneratedPassword | undefined; onClose: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const copy = () =>
    void copyText(shown?.password ?? '').then((ok) =>
      ok ? message.success(t('tenant.manage.password.copied')) : message.error(t('tenant.manage.password.copyFailed')),
    );
  return (
    <Modal
      open={shown !== undefined}
      title={t('tenant.manage.password.title')}
      mask={{ closable: false }}
      // Not kept in the page once closed.
      destroyOnHidden
      onCancel={onClose}
      footer={
        <>
          <Button icon={<CopyOutlined />} onClick={copy}>
            {t('tenant.manage.password.copy')}
          </Button>
          <Button type="primary" onClick={onClose}>
            {t('tenant.manage.password.done')}
          </Button>
        </>
      }
    >
      {shown && (
        <>
          <Typography.Paragraph>{t('tenant.manage.password.intro', { name: shown.tenantName, username: shown.username })}</Typography.Paragraph>
          <Typography.Paragraph>
            <Typography.Text code strong style={{ fontSize: 18 }} aria-label={t('tenant.manage.adminPassword')}>
              {shown.password}
            </Typography.Text>
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
