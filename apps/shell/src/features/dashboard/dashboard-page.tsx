import { Card, Col, Descriptions, Row, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useSession, useT, type AdminMenuItem } from '@uc/shared';
import { MenuIcon } from '../../components/menu-icon';
import { menuText } from '../../components/menu-text';

/** Pages the user can open, for the shortcut cards: menu leaves with an in-console path. */
function leaves(list: AdminMenuItem[]): AdminMenuItem[] {
  return list.flatMap((m) => (m.children.length > 0 ? leaves(m.children) : m.path && !m.hidden && !m.path.startsWith('http') ? [m] : []));
}

/** The welcome page: who is signed in, for which tenant, with what, and where they can go. */
export default function DashboardPage() {
  const t = useT();
  const user = useSession((s) => s.currentUser);
  const menu = useSession((s) => s.adminMenu);
  if (!user) return null;
  const shortcuts = leaves(menu).filter((m) => m.path !== '/dashboard');
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('dashboard.welcome', { name: user.realName || user.username })}
        </Typography.Title>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t('dashboard.username')}>{user.username}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.tenant')}>{user.tenantName}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.roles')}>
            {user.isSuperAdmin ? <Tag color="blue">{t('dashboard.superAdmin')}</Tag> : null}
            {user.roles.length > 0 ? user.roles.map((r) => <Tag key={r.id}>{r.name}</Tag>) : user.isSuperAdmin ? null : t('dashboard.roles.none')}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {shortcuts.length > 0 ? (
        <Card title={t('dashboard.shortcuts')}>
          <Row gutter={[16, 16]}>
            {shortcuts.map((m) => (
              <Col key={m.id} xs={12} md={8} xl={6}>
                <Link to={m.path}>
                  <Card size="small" hoverable>
                    <Space>
                      <MenuIcon name={m.icon} />
                      {menuText(m)}
                    </Space>
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        </Card>
      ) : null}
    </Space>
  );
}
