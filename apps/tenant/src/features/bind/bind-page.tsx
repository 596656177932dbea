import { LinkOutlined, SafetyCertificateOutlined, DisconnectOutlined } from '@ant-design/icons';
import { App, Button, Card, Descriptions, Popconfirm, Space, Typography, type DescriptionsProps } from 'antd';
import { useState } from 'react';
import { BindStatus, platformBindCall, platformBindCheckCall, platformBindViewCall, platformUnbindCall } from '@uc/contracts';
import { call, formatDateTime, useCan, useLocale, useT } from '@uc/client';
import { useCall } from '@uc/ui';
import { BindFormModal } from './bind-form-modal';
import { BindStatusTag } from './bind-status-tag';

/** "name / real name", or the name alone when there is no real name. */
const names = (username: string, realName: string) => (realName ? `${username} / ${realName}` : username);

/**
 * /pt/bind: the signed-in user's binding to their account on another platform instance: its status,
 * the platform's address and client id, the account there beside the local one, when it was last
 * checked and what went wrong then; bind (again), check now, unbind.
 */
export function BindPage() {
  const t = useT();
  const { locale } = useLocale();
  const { message } = App.useApp();
  const can = useCan();
  const { data, loading, reload } = useCall(platformBindViewCall);
  const [formOpen, setFormOpen] = useState(false);
  const [checking, setChecking] = useState(false);
  const binding = data?.binding ?? null;

  const checkNow = () => {
    setChecking(true);
    call(platformBindCheckCall)
      .then((answer) => {
        // The check answers what it found; a binding that did not pass says why.
        if (answer.binding?.status === BindStatus.bound) void message.success(t('pt.bind.checkOk'));
        else if (answer.binding?.lastError) void message.warning(answer.binding.lastError);
        reload();
      })
      .catch(() => undefined)
      .finally(() => setChecking(false));
  };
  const unbind = () =>
    call(platformUnbindCall, { done: 'done' })
      .then(() => reload())
      .catch(() => undefined);

  const none = <Typography.Text type="secondary">-</Typography.Text>;
  const items: DescriptionsProps['items'] = [
    { key: 'status', label: t('pt.bind.status'), children: <BindStatusTag status={binding?.status ?? BindStatus.unbound} /> },
    { key: 'platformUrl', label: t('pt.bind.platformUrl'), children: binding ? <Typography.Text copyable>{binding.platformUrl}</Typography.Text> : none },
    { key: 'clientId', label: t('pt.bind.clientId'), children: binding?.clientId || none },
    { key: 'username', label: t('pt.bind.username'), children: binding?.username || none },
    {
      key: 'platformAccount',
      label: t('pt.bind.platformAccount'),
      children: binding?.platformUsername ? names(binding.platformUsername, binding.platformRealName) : none,
    },
    { key: 'localAccount', label: t('pt.bind.localAccount'), children: data ? names(data.local.username, data.local.realName) : none },
    {
      key: 'lastCheckedAt',
      label: t('pt.bind.lastCheckedAt'),
      children: binding?.lastCheckedAt ? formatDateTime(binding.lastCheckedAt, locale) : binding ? t('pt.bind.never') : none,
    },
    {
      key: 'lastError',
      label: t('pt.bind.lastError'),
      children: binding?.lastError ? <Typography.Text type="danger">{binding.lastError}</Typography.Text> : binding ? t('pt.bind.none') : none,
    },
  ];

  const actions = (
    <Space wrap>
      {can(platformBindCall) && (
        <Button type="primary" icon={<LinkOutlined />} onClick={() => setFormOpen(true)}>
          {t(binding ? 'pt.bind.rebind' : 'pt.bind.bind')}
        </Button>
      )}
      {binding && can(platformBindCheckCall) && (
        <Button icon={<SafetyCertificateOutlined />} loading={checking} onClick={checkNow}>
          {t('pt.bind.check')}
        </Button>
      )}
      {binding && can(platformUnbindCall) && (
        <Popconfirm
          title={t('pt.bind.unbindConfirm', { url: binding.platformUrl })}
          okText={t('pt.bind.ok')}
          cancelText={t('pt.bind.cancel')}
          onConfirm={unbind}
        >
          <Button danger icon={<DisconnectOutlined />}>
            {t('pt.bind.unbind')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );

  return (
    <Card title={t('pt.bind.title')} extra={actions} loading={loading && !data}>
      <Typography.Paragraph type="secondary">{t('pt.bind.intro')}</Typography.Paragraph>
      <Descriptions bordered column={1} items={items} styles={{ label: { width: 200 } }} />
      <BindFormModal
        open={formOpen}
        binding={binding}
        onClose={() => setFormOpen(false)}
        onBound={() => {
          setFormOpen(false);
          reload();
        }}
      />
    </Card>
  );
}
