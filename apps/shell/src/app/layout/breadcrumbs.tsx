import { Breadcrumb } from 'antd';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { hasMessage, useSession, useT } from '@uc/client';
import { menuText } from '../../components/menu-text';
import { breadcrumbTrail, declaredPageTitle } from './breadcrumb-trail';

/** Where the current page sits in the menu, above every console page; each step above it opens its page. */
export function Breadcrumbs() {
  const t = useT();
  const { pathname } = useLocation();
  const menu = useSession((s) => s.adminMenu);
  const remotes = useSession((s) => s.remotes);
  const crumbs = useMemo(
    () => breadcrumbTrail(menu, remotes, pathname, { menu: (m) => menuText(m, t), page: declaredPageTitle(t, hasMessage) }),
    [menu, remotes, pathname, t],
  );
  if (crumbs.length === 0) return null;
  return (
    <Breadcrumb
      aria-label={t('layout.breadcrumb')}
      data-testid="breadcrumbs"
      style={{ marginBottom: 16 }}
      items={crumbs.map((c, i) => ({
        key: c.key,
        title: c.to ? <Link to={c.to}>{c.title}</Link> : <span aria-current={i === crumbs.length - 1 ? 'page' : undefined}>{c.title}</span>,
      }))}
    />
  );
}
