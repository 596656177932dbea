import { Flex, Skeleton, Switch, Typography } from 'antd';
import { useState } from 'react';
import { profileNotificationCall, profileNotificationEditCall, type NoticePreferences } from '@uc/contracts';
import { call, useT } from '@uc/client';
import { LoadFailed, useCall } from '@uc/ui';

const KINDS = ['notices', 'letters', 'system'] as const satisfies readonly (keyof NoticePreferences)[];

/** Settings, notifications: which kinds of messages the user wants; each switch saves as it is flipped. */
export function NotificationTab() {
  const t = useT();
  const { data, error, reload } = useCall(profileNotificationCall);
  const [saved, setSaved] = useState<NoticePreferences>();
  const [saving, setSaving] = useState<keyof NoticePreferences>();
  const prefs = saved ?? data;

  const toggle = async (kind: keyof NoticePreferences, on: boolean) => {
    if (!prefs) return;
    setSaving(kind);
    try {
      setSaved(await call(profileNotificationEditCall, { body: { ...prefs, [kind]: on }, done: 'saved' }));
    } catch {
      // Refused: the API client has shown why; the switch stays where it was.
    } finally {
      setSaving(undefined);
    }
  };

  if (!prefs) return error ? <LoadFailed title={t('home.account.notify.loadFailed')} onRetry={reload} error={error} /> : <Skeleton active />;
  return (
    <Flex vertical gap={24} style={{ maxWidth: 640 }}>
      {KINDS.map((kind) => (
        <Flex key={kind} justify="space-between" align="center" gap={24}>
          <div>
            <Typography.Text strong id={`notify-${kind}`}>
              {t(`home.account.notify.${kind}`)}
            </Typography.Text>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t(`home.account.notify.${kind}.desc`)}
            </Typography.Paragraph>
          </div>
          {/* One save at a time: each sends all three switches, so a second must start from the first's answer. */}
          <Switch
            checked={prefs[kind]}
            loading={saving === kind}
            disabled={saving !== undefined}
            aria-labelledby={`notify-${kind}`}
            onChange={(on) => void toggle(kind, on)}
          />
        </Flex>
      ))}
    </Flex>
  );
}
