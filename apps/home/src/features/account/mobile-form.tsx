import { Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { mobileSchema, profileMobileCall, profileMobileCodeCall, smsCodeSchema, type ProfileCard } from '@uc/contracts';
import { call, useT } from '@uc/client';
import { contractRule, forgetRefusalOnChange, showRefusalOnFields } from '@uc/ui';
import { useCountdown } from './use-countdown';

interface MobileValues {
  mobile: string;
  code: string;
}

/**
 * Moves the account to a new phone number: the code goes to the NEW number (proving the user holds
 * it), then number and code are sent together. `onSaved` gets the card with the new number. A current
 * number that is not `verified` (an administrator typed it) signs in nobody until the user verifies it
 * the same way, which the form offers.
 */
export function MobileForm({ current, verified, onSaved }: { current: string; verified: boolean; onSaved: (card: ProfileCard) => void }) {
  const t = useT();
  const [form] = Form.useForm<MobileValues>();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const [saving, setSaving] = useState(false);
  const [sent, setSent] = useState<{ mobile: string; minutes: number }>();

  const send = async () => {
    let mobile: string;
    try {
      ({ mobile } = await form.validateFields(['mobile']));
    } catch {
      return; // the field says what is wrong with the number
    }
    setSending(true);
    try {
      const answer = await call(profileMobileCodeCall, { body: { mobile } });
      countdown.start(answer.cooldownSeconds);
      setSent({ mobile, minutes: Math.max(1, Math.round(answer.expiresInSeconds / 60)) });
    } catch (error) {
      // Refused (the account's own verified number, too many codes): shown by the API client, and under the
      // number when it is about it; the user may fix and retry.
      showRefusalOnFields(form, error);
    } finally {
      setSending(false);
    }
  };

  const save = async (values: MobileValues) => {
    setSaving(true);
    try {
      const card = await call(profileMobileCall, { body: values, done: 'saved' });
      form.resetFields();
      countdown.reset();
      setSent(undefined);
      onSaved(card);
    } catch (error) {
      // A wrong or expired code: the API client has shown why, under the code too; number and code stay to correct.
      showRefusalOnFields(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      name="mobile"
      style={{ maxWidth: 400 }}
      onFinish={(v) => void save(v)}
      onValuesChange={(changed: object) => forgetRefusalOnChange(form, changed)}
    >
      <Typography.Paragraph type="secondary">
        {!current
          ? t('home.account.mobile.current.none')
          : verified
            ? t('home.account.mobile.current', { mobile: current })
            : t('home.account.mobile.current.unverified', { mobile: current })}
        {current && !verified ? (
          <Button type="link" size="small" onClick={() => form.setFieldsValue({ mobile: current })}>
            {t('home.account.mobile.verify')}
          </Button>
        ) : null}
      </Typography.Paragraph>
      <Form.Item
        name="mobile"
        label={t('home.account.mobile.new')}
        rules={[{ required: true, message: t('home.account.mobile.new.required') }, contractRule(mobileSchema)]}
      >
        <Input inputMode="tel" autoComplete="tel" />
      </Form.Item>
      <Form.Item
        label={t('home.account.mobile.code')}
        required
        extra={sent ? t('home.account.mobile.sent', { mobile: sent.mobile, minutes: sent.minutes }) : undefined}
      >
        <Flex gap={8}>
          <Form.Item name="code" noStyle rules={[{ required: true, message: t('home.account.mobile.code.required') }, contractRule(smsCodeSchema)]}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} aria-label={t('home.account.mobile.code')} />
          </Form.Item>
          <Button onClick={() => void send()} loading={sending} disabled={countdown.running} style={{ minWidth: 128 }}>
            {countdown.running ? t('home.account.mobile.resend', { seconds: countdown.remaining }) : t('home.account.mobile.send')}
          </Button>
        </Flex>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('home.account.mobile.submit')}
      </Button>
    </Form>
  );
}
