import { Avatar, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { type DashboardWorkplace } from '@uc/contracts';
import { formatDateTime, useT } from '@uc/client';
import { dayPart } from './menu-shortcuts';

/** Who is signed in: the greeting, their tenant, their roles and their latest sign-in. */
export function WorkplaceGreeting({ data, now = new Date() }: { data: DashboardWorkplace; now?: Date }) {
  const t = useT();
  const { user, tenant, roles } = data;
  return (
    <Card>
      <Flex gap={24} align="center" wrap>
        <Avatar size={64} src={user.avatar || undefined} icon={<UserOutlined />} alt={user.username} />
        <Flex vertical gap={8} style={{ flex: 1, minWidth: 240 }}>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 24 }}>
            {t(`home.dashboard.greeting.${dayPart(now.getHours())}`, { name: user.realName || user.username })}
          </Typography.Title>
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
            <Descriptions.Item label={t('home.dashboard.workplace.tenant')}>
              <Flex gap={8} wrap>
                <span data-testid="workplace-tenant">{tenant.name}</span>
                {tenant.isPlatform && <Tag color="blue">{t('home.dashboard.workplace.platform')}</Tag>}
              </Flex>
            </Descriptions.Item>
            <Descriptions.Item label={t('home.dashboard.workplace.roles')}>
              <Flex gap={4} wrap data-testid="workplace-roles">
                {roles.length === 0
                  ? t('home.dashboard.workplace.roles.none')
                  : roles.map((r) => (
                      <Tag key={r.id} color={r.enabled ? 'default' : 'warning'}>
                        {r.enabled ? r.name : t('home.dashboard.workplace.role.disabled', { name: r.name })}
                      </Tag>
                    ))}
              </Flex>
            </Descriptions.Item>
            {/* The sign-in before this session's (the server's), so a user sees whether someone else came in between. */}
            <Descriptions.Item label={t('home.dashboard.workplace.lastLogin')}>
              {user.lastLoginAt
                ? t('home.dashboard.workplace.lastLogin.value', { at: formatDateTime(user.lastLoginAt), ip: user.lastLoginIp || '–' })
                : t('home.dashboard.workplace.lastLogin.first')}
            </Descriptions.Item>
            {tenant.expiresAt && <Descriptions.Item label={t('home.dashboard.workplace.expires')}>{formatDateTime(tenant.expiresAt)}</Descriptions.Item>}
          </Descriptions>
        </Flex>
      </Flex>
    </Card>
  );
}
