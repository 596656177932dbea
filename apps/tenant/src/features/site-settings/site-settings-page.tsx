import { SaveOutlined } from '@ant-design/icons';
import { Button, Card, Divider, Form, Input, InputNumber, Switch, Typography } from 'antd';
import { useMemo } from 'react';
import { siteSettingsCall, siteSettingsFields, siteSettingsSaveCall, SITE_NAME_MAX, COPYRIGHT_MAX, SMS_COOLDOWN_RULE, type SiteSettings } from '@uc/contracts';
import { call, StorageKey, useCan, useSession, useT, writeStorage } from '@uc/client';
import { contractRule, forgetRefusalOnChange, useCall, useFormSubmit } from '@uc/ui';
import { RegistrationFields } from './registration-fields';
import { bodyOf, siteConfigOf, valuesOf, type SiteSettingsValues } from './site-settings-values';

type SwitchField = 'offline' | 'registerSwitch' | 'forceInvite' | 'captchaSwitch' | 'demoMode' | 'smsLogin';

/**
 * /system/settings: the platform's site settings, grouped as the console uses them (站点, 登录与注册,
 * 短信); every field says what it does. A save applies at once on every server and is audited; the
 * header and footer of this very page follow it without a reload.
 */
export function SiteSettingsPage() {
  const t = useT();
  const can = useCan();
  const canSave = can(siteSettingsSaveCall);
  const { data, loading, reload } = useCall(siteSettingsCall);
  const [form] = Form.useForm<SiteSettingsValues>();
  const values = useMemo(() => (data ? valuesOf(data) : undefined), [data]);

  const { saving, submit } = useFormSubmit<SiteSettingsValues, SiteSettings>({
    form,
    // Filled once the settings have arrived.
    open: data !== undefined,
    values,
    onSubmit: (v) => call(siteSettingsSaveCall, { body: bodyOf(v, !!data?.registrationPolicy), done: 'saved' }),
    onSaved: (saved) => {
      // What the server kept (trimmed text, defaults cleared with "new tenant").
      form.setFieldsValue(valuesOf(saved));
      const siteConfig = siteConfigOf(saved);
      writeStorage(StorageKey.currentConfig, JSON.stringify(siteConfig));
      useSession.setState({ siteConfig });
      reload();
    },
  });

  const toggle = (name: SwitchField, extra?: string) => (
    <Form.Item name={name} label={t(`system.settings.${name}`)} extra={extra ?? t(`system.settings.${name}.help`)} valuePropName="checked">
      <Switch disabled={!canSave} />
    </Form.Item>
  );

  return (
    <Card title={t('system.settings.title')} loading={loading && !data}>
      <Typography.Paragraph type="secondary">{t('system.settings.intro')}</Typography.Paragraph>
      {data && (
        <Form
          form={form}
          name="site-settings"
          layout="vertical"
          disabled={!canSave}
          style={{ maxWidth: 720 }}
          onValuesChange={(changed: object) => forgetRefusalOnChange(form, changed)}
        >
          <Divider titlePlacement="start">{t('system.settings.section.site')}</Divider>
          <Form.Item
            name="siteName"
            label={t('system.settings.siteName')}
            extra={t('system.settings.siteName.help', { name: t('app.name') })}
            rules={[contractRule(siteSettingsFields.siteName)]}
          >
            {/* Empty: the console's own name, in each reader's language (the placeholder shows the reader's). */}
            <Input maxLength={SITE_NAME_MAX} placeholder={t('app.name')} allowClear />
          </Form.Item>
          <Form.Item
            name="basicCopyright"
            label={t('system.settings.basicCopyright')}
            extra={t('system.settings.basicCopyright.help')}
            rules={[contractRule(siteSettingsFields.basicCopyright)]}
          >
            <Input maxLength={COPYRIGHT_MAX} allowClear />
          </Form.Item>
          <Form.Item
            name="basicIcpCode"
            label={t('system.settings.basicIcpCode')}
            extra={t('system.settings.basicIcpCode.help')}
            rules={[contractRule(siteSettingsFields.basicIcpCode)]}
          >
            <Input placeholder="京ICP备12345678号-1" allowClear />
          </Form.Item>
          {toggle('offline')}

          <Divider titlePlacement="start">{t('system.settings.section.login')}</Divider>
          {toggle('registerSwitch')}
          {toggle('forceInvite')}
          {toggle('captchaSwitch')}
          {toggle('demoMode', data.demoModeForced ? `${t('system.settings.demoMode.help')} ${t('system.settings.demoModeForced')}` : undefined)}
          <RegistrationFields form={form} settings={data} />

          <Divider titlePlacement="start">{t('system.settings.section.sms')}</Divider>
          {toggle('smsLogin')}
          <Form.Item
            name="smsCooldownSeconds"
            label={t('system.settings.smsCooldownSeconds')}
            extra={t('system.settings.smsCooldownSeconds.help')}
            rules={[{ required: true, message: t(SMS_COOLDOWN_RULE) }, contractRule(siteSettingsFields.smsCooldownSeconds)]}
          >
            <InputNumber suffix={t('system.settings.seconds')} style={{ width: 200 }} />
          </Form.Item>

          {canSave && (
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void submit()}>
              {t('form.save')}
            </Button>
          )}
        </Form>
      )}
    </Card>
  );
}
