import { Card, Col, Empty, Flex, Row } from 'antd';
import { Link } from 'react-router-dom';
import { useSession, useT } from '@uc/client';
import { IconFont } from '@uc/ui';
import { menuLabel, menuShortcuts } from './menu-shortcuts';

/** Links to every page the user may open today, from their menu. */
export function WorkplaceShortcuts() {
  const t = useT();
  const menu = useSession((s) => s.adminMenu);
  const shortcuts = menuShortcuts(menu);
  return (
    <Card title={t('home.dashboard.workplace.shortcuts')} data-testid="workplace-shortcuts">
      {shortcuts.length === 0 ? (
        <Empty description={t('home.dashboard.workplace.shortcuts.none')} />
      ) : (
        <Row gutter={[12, 12]}>
          {shortcuts.map((m) => (
            <Col key={m.id} xs={12} md={8} xl={6}>
              <Link to={m.path}>
                <Card size="small" hoverable>
                  <Flex gap={8} align="center">
                    {m.icon && <IconFont name={m.icon} />}
                    <span>{menuLabel(m, t)}</span>
                  </Flex>
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
