import { ApiOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Flex, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { oidcBindCall, oidcBindingsCall, oidcUnbindCall, siteSettingsSaveCall, type OidcBinding, type OidcBindResultValue } from '@uc/contracts';
import { call, formatDateTime, useCan, useT } from '@uc/client';
import { LoadFailed, useCall } from '@uc/ui';

/** Leaving for the provider: a full page load (a test watches it instead; jsdom cannot navigate). */
export const providerRedirect = { go: (url: string) => window.location.assign(url) };

const RESULT_TYPE: Record<OidcBindResultValue, 'success' | 'warning' | 'error'> = {
  bound: 'success',
  taken: 'error',
  expired: 'warning',
  denied: 'warning',
  failed: 'error',
};
const isResult = (value: string | null): value is OidcBindResultValue => value !== null && value in RESULT_TYPE;

/**
 * Settings, third-party accounts (issue 14): the user's account at each OpenID Connect provider of the
 * platform, bound or not. Binding leaves for the provider; its callback brings the browser back here
 * with ?oidc=<result>&provider=<id>, said above the list until closed.
 */
export function ThirdPartyTab() {
  const t = useT();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const { data, error, reload } = useCall(oidcBindingsCall);
  const [busy, setBusy] = useState<string>();

  // The outcome the callback put in the address is taken out of it at once: a reload, or the address
  // a later sign-out keeps to come back to, must not say it again.
  const [outcome, setOutcome] = useState(() => {
    const result = params.get('oidc');
    return isResult(result) ? { result, provider: params.get('provider') ?? '' } : undefined;
  });
  useEffect(() => {
    if (!params.has('oidc') && !params.has('provider')) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('oidc');
        next.delete('provider');
        return next;
      },
      { replace: true },
    );
  }, [params, setParams]);
  const nameOf = (id: string) => data?.find((b) => b.provider === id)?.providerName ?? id;

  const bind = async (provider: string) => {
    setBusy(provider);
    try {
      providerRedirect.go((await call(oidcBindCall, { body: { provider } })).url);
    } catch {
      // Refused: the API client has shown why.
      setBusy(undefined);
    }
  };
  const unbind = async (provider: string) => {
    setBusy(provider);
    try {
      await call(oidcUnbindCall, { body: { provider }, done: 'done' });
      reload();
    } catch {
      // Refused: the API client has shown why; the list stays as it was.
    } finally {
      setBusy(undefined);
    }
  };

  if (!data) return error ? <LoadFailed title={t('home.thirdParty.loadFailed')} onRetry={reload} error={error} /> : <Skeleton active />;
  const callback = `${window.location.origin}/user/admin/oidc/callback`;
  return (
    <Flex vertical gap={24} style={{ maxWidth: 720 }} data-testid="third-party-tab">
      {outcome ? (
        <Alert
          type={RESULT_TYPE[outcome.result]}
          showIcon
          title={t(`home.thirdParty.result.${outcome.result}`, { provider: nameOf(outcome.provider) })}
          closable={{ onClose: () => setOutcome(undefined) }}
        />
      ) : null}
      {data.length === 0 ? (
        <Alert
          type="info"
          showIcon
          data-testid="third-party-none"
          title={t('home.thirdParty.none.title')}
          // How to configure sign-in providers is for whom runs the platform (who may change its settings);
          // anyone else learns only that there is none and whom to ask.
          description={can(siteSettingsSaveCall) ? t('home.thirdParty.none.adminDescription', { callback }) : t('home.thirdParty.none.description')}
        />
      ) : (
        <>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('home.thirdParty.intro')}
          </Typography.Paragraph>
          {data.map((binding) => (
            <BindingRow
              key={binding.provider}
              binding={binding}
              busy={busy === binding.provider}
              disabled={busy !== undefined}
              onBind={() => void bind(binding.provider)}
              onUnbind={() => void unbind(binding.provider)}
            />
          ))}
        </>
      )}
    </Flex>
  );
}

function BindingRow({
  binding,
  busy,
  disabled,
  onBind,
  onUnbind,
}: {
  binding: OidcBinding;
  busy: boolean;
  disabled: boolean;
  onBind: () => void;
  onUnbind: () => void;
}) {
  const t = useT();
  const { identity } = binding;
  const account = identity ? [identity.name, identity.email && `<${identity.email}>`].filter(Boolean).join(' ') || identity.subject : '';
  return (
    <Flex justify="space-between" align="center" gap={24} data-testid={`binding-${binding.provider}`}>
      <Flex align="center" gap={16} style={{ minWidth: 0 }}>
        <Avatar size={48} icon={<ApiOutlined />} style={{ flex: 'none', background: identity ? '#1890ff' : '#bfbfbf' }} />
        <div style={{ minWidth: 0 }}>
          <Flex align="center" gap={8}>
            <Typography.Text strong>{binding.providerName}</Typography.Text>
            {binding.configured ? (
              <Tag color={identity ? 'success' : 'default'}>{t(identity ? 'home.thirdParty.bound' : 'home.thirdParty.unbound')}</Tag>
            ) : (
              <Tag color="warning">{t('home.thirdParty.removed')}</Tag>
            )}
          </Flex>
          {identity ? (
            <Typography.Paragraph type="secondary" style={{ margin: 0 }} ellipsis>
              {t('home.thirdParty.account', { account })} · {t('home.thirdParty.boundAt', { time: formatDateTime(identity.createdAt) })}
            </Typography.Paragraph>
          ) : null}
          {!binding.configured ? (
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t('home.thirdParty.removedHint')}
            </Typography.Paragraph>
          ) : null}
        </div>
      </Flex>
      {identity ? (
        <Popconfirm
          title={t('home.thirdParty.unbindConfirm', { provider: binding.providerName })}
          onConfirm={onUnbind}
          okText={t('home.thirdParty.unbindOk')}
          cancelText={t('home.thirdParty.cancel')}
          okButtonProps={{ danger: true }}
          disabled={disabled}
        >
          <Button danger loading={busy} disabled={disabled && !busy}>
            {t('home.thirdParty.unbind')}
          </Button>
        </Popconfirm>
      ) : (
        <Button type="primary" loading={busy} disabled={disabled && !busy} onClick={onBind}>
          {t('home.thirdParty.bind')}
        </Button>
      )}
    </Flex>
  );
}
