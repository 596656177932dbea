import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Descriptions, Divider, Flex, Statistic, Tag, Typography } from 'antd';
import { type ProfileCard as Profile } from '@uc/contracts';
import { formatDateTime, useLocale, useT } from '@uc/client';

/** The account centre's card: who the user is, where they belong, what they hold and how they sign in. */
export function ProfileCard({ profile }: { profile: Profile }) {
  const t = useT();
  const { locale } = useLocale();
  const time = (iso: string | null, none: string) => (iso ? formatDateTime(iso, locale) : none);
  const none = t('home.account.none');
  const tags = (names: string[]) => (names.length === 0 ? none : names.map((n) => <Tag key={n}>{n}</Tag>));
  return (
    <Card>
      <Flex vertical align="center" gap={8}>
        <Avatar size={96} src={profile.avatar || undefined} icon={<UserOutlined />} alt={t('home.account.basic.avatar')} />
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          {profile.realName || profile.username}
        </Typography.Title>
        <Typography.Text type="secondary">{profile.username}</Typography.Text>
      </Flex>
      <Flex justify="space-around" style={{ marginTop: 24 }}>
        <Statistic title={t('home.account.field.balance')} value={profile.balance} />
        <Statistic title={t('home.account.field.integral')} value={profile.integral} />
        <Statistic title={t('home.account.field.loginCount')} value={profile.loginCount} />
      </Flex>
      <Divider />
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'id', label: t('home.account.field.adminId'), children: profile.id },
          { key: 'tenant', label: t('home.account.field.tenant'), children: profile.tenantName || none },
          { key: 'dept', label: t('home.account.field.dept'), children: profile.deptName ?? none },
          { key: 'roles', label: t('home.account.field.roles'), children: tags(profile.roles.map((r) => r.name)) },
          { key: 'posts', label: t('home.account.field.posts'), children: tags(profile.posts.map((p) => p.name)) },
          { key: 'mobile', label: t('home.account.field.mobile'), children: profile.mobile || none },
          { key: 'email', label: t('home.account.field.email'), children: profile.email || none },
          { key: 'lastLogin', label: t('home.account.field.lastLogin'), children: time(profile.lastLoginAt, t('home.account.never')) },
          { key: 'lastLoginIp', label: t('home.account.field.lastLoginIp'), children: profile.lastLoginIp || none },
          { key: 'lastActive', label: t('home.account.field.lastActive'), children: time(profile.lastActiveAt, t('home.account.never')) },
          { key: 'createdAt', label: t('home.account.field.createdAt'), children: formatDateTime(profile.createdAt, locale) },
        ]}
      />
    </Card>
  );
}
