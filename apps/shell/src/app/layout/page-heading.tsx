import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { hasMessage, useSession, useT } from '@uc/client';
import { menuText } from '../../components/menu-text';
import { breadcrumbTrail, declaredPageTitle } from './breadcrumb-trail';

/** Read by screen readers, not drawn: the page's card already shows its title to the eye. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * The level-one heading of every console page (WCAG 1.3.1 and 2.4.6), rendered in one place for all
 * remotes: the page's entry in the user's menu, in the reader's language, as the breadcrumb ends with
 * it; an exception page's message; else the site's name.
 */
export function PageHeading() {
  const t = useT();
  const { pathname } = useLocation();
  const menu = useSession((s) => s.adminMenu);
  const remotes = useSession((s) => s.remotes);
  const siteName = useSession((s) => s.siteConfig?.siteName);
  const title = useMemo(() => {
    const crumbs = breadcrumbTrail(menu, remotes, pathname, { menu: (m) => menuText(m, t), page: declaredPageTitle(t, hasMessage) });
    const exception = /^\/error\/(403|404|500)\/?$/.exec(pathname)?.[1];
    return crumbs.at(-1)?.title ?? (exception ? t(`exception.${exception}`) : siteName?.trim() || t('app.name'));
  }, [menu, remotes, pathname, siteName, t]);
  return (
    <h1 style={visuallyHidden} data-testid="page-heading">
      {title}
    </h1>
  );
}
