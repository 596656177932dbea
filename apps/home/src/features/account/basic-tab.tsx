import { Button, Descriptions, Form, Input, Radio, Typography } from 'antd';
import { useLayoutEffect, useState } from 'react';
import { profileBasicBody, profileEditCall, type ProfileBasicBody, type ProfileCard } from '@uc/contracts';
import { call, refreshUser, useT } from '@uc/client';
import { contractRule, DateField, ImageField, forgetRefusalOnChange, showRefusalOnFields } from '@uc/ui';

type BasicValues = ProfileBasicBody;

const valuesOf = (p: ProfileCard): BasicValues => ({
  avatar: p.avatar,
  realName: p.realName,
  sex: p.sex === 1 || p.sex === 2 ? p.sex : 0,
  birthday: p.birthday,
  qq: p.qq,
  email: p.email,
  address: p.address,
});

const rule = (field: keyof typeof profileBasicBody.shape) => contractRule(profileBasicBody.shape[field]);

/** Settings, basic info: what a user may change about themself; the header follows a save at once. */
export function BasicTab({ profile, onSaved }: { profile: ProfileCard; onSaved: (card: ProfileCard) => void }) {
  const t = useT();
  const [form] = Form.useForm<BasicValues>();
  const [saving, setSaving] = useState(false);
  // Filled from the card as loaded and again from each save's answer (the server trims and normalises).
  useLayoutEffect(() => {
    form.resetFields();
    form.setFieldsValue(valuesOf(profile));
  }, [form, profile]);

  const save = async (values: BasicValues) => {
    setSaving(true);
    try {
      const body: ProfileBasicBody = { ...valuesOf(profile), ...values, birthday: values.birthday ?? null };
      const card = await call(profileEditCall, { body, done: 'saved' });
      onSaved(card);
      // The header's avatar and name come from the session's current user: refresh it now, not on reload.
      await refreshUser();
    } catch (error) {
      // Refused: the API client has shown why, a refusal about a field shows under it; the form keeps what was typed.
      showRefusalOnFields(form, error);
    } finally {
      setSaving(false);
    }
  };

  const sexes = [0, 1, 2].map((v) => ({ value: v, label: t(`home.account.basic.sex.${v}`) }));
  return (
    <div style={{ maxWidth: 560 }}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'username', label: t('home.account.field.username'), children: profile.username },
          { key: 'id', label: t('home.account.field.adminId'), children: profile.id },
          { key: 'tenant', label: t('home.account.field.tenant'), children: profile.tenantName || t('home.account.none') },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 24 }}>
        {t('home.account.basic.readonly')}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="profile"
        onFinish={(v) => void save(v)}
        onValuesChange={(changed: object) => forgetRefusalOnChange(form, changed)}
      >
        <Form.Item name="avatar" label={t('home.account.basic.avatar')} extra={t('home.account.basic.avatarHint')} rules={[rule('avatar')]}>
          <ImageField own label={t('home.account.basic.avatar')} purpose="public" />
        </Form.Item>
        <Form.Item
          name="realName"
          label={t('home.account.field.realName')}
          rules={[{ required: true, message: t('home.account.basic.realName.required') }, rule('realName')]}
        >
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item name="sex" label={t('home.account.basic.sex')}>
          <Radio.Group options={sexes} />
        </Form.Item>
        <Form.Item name="birthday" label={t('home.account.basic.birthday')} rules={[rule('birthday')]}>
          <DateField />
        </Form.Item>
        <Form.Item name="qq" label={t('home.account.basic.qq')} rules={[rule('qq')]}>
          <Input inputMode="numeric" />
        </Form.Item>
        <Form.Item name="email" label={t('home.account.field.email')} rules={[rule('email')]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item name="address" label={t('home.account.basic.address')} rules={[rule('address')]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('form.save')}
          </Button>
        </Form.Item>
      </Form>
    </div>
  );
}
