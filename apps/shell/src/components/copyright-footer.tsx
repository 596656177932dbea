import { useSession, useT } from '@uc/client';
import { palette } from '@uc/ui/palette';

/** ICP filings are looked up on the national filing site (spec section 1). */
const ICP_SITE = 'https://beian.miit.gov.cn/';

/** Copyright and ICP link; plain elements, because the login page shows it too and must stay light. */
export function CopyrightFooter() {
  const t = useT();
  const site = useSession((s) => s.siteConfig);
  const copyright = site?.basicCopyright || t('app.copyright', { year: new Date().getFullYear() });
  return (
    <footer style={{ textAlign: 'center', color: palette.textSecondary, fontSize: 14, padding: '24px 16px' }}>
      <div>{copyright}</div>
      {site?.basicIcpCode ? (
        <a href={ICP_SITE} target="_blank" rel="noreferrer" style={{ color: 'inherit' }}>
          {site.basicIcpCode}
        </a>
      ) : null}
    </footer>
  );
}
