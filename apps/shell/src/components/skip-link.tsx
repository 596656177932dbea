import type { MouseEvent } from 'react';
import { useT } from '@uc/client';
import { palette } from '@uc/ui/palette';

/** The id of the element the skip link leads to: the page's <main>, focusable by script (tabIndex -1). */
export const MAIN_CONTENT_ID = 'main-content';

const css = `
.uc-skip-link { position: fixed; top: 8px; inset-inline-start: 8px; z-index: 2000; padding: 8px 16px; border-radius: 6px;
  background: #fff; color: ${palette.brandText}; font-size: 14px; text-decoration: none; box-shadow: 0 6px 16px rgba(0,0,0,.12);
  outline: 2px solid ${palette.brand}; outline-offset: 2px; transform: translateY(-200%); }
.uc-skip-link:focus { transform: none; }
#${MAIN_CONTENT_ID}:focus { outline: none; }
`;

/**
 * WCAG 2.4.1: the first stop of the keyboard, shown only while it has the focus, moves the focus to the
 * page's main content past the header and the menu. The focus is moved by script: a fragment change
 * would become a navigation of the console's router.
 */
export function SkipLink() {
  const t = useT();
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    e.preventDefault();
    main.focus();
  };
  return (
    <>
      <style>{css}</style>
      <a className="uc-skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
        {t('app.skipToMain')}
      </a>
    </>
  );
}
