import { useEffect } from 'react';
import { useSession, useT } from '@uc/client';

/**
 * The browser tab's title: the site's name from the site configuration (the platform's site settings,
 * as the header and the login page show it), or the console's default name until one is known or when
 * it is left empty. It follows a saved change to the settings and a change of language.
 */
export function useDocumentTitle(): void {
  const t = useT();
  const siteName = useSession((s) => s.siteConfig?.siteName);
  const title = siteName?.trim() || t('app.name');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
