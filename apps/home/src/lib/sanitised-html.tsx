import { Typography } from 'antd';

// Pictures, wide tables and code must not push a page or drawer sideways on a narrow screen.
const CSS = `.uc-rich-html{overflow-wrap:anywhere;line-height:1.75}
.uc-rich-html img,.uc-rich-html video{max-width:100%;height:auto}
.uc-rich-html table{display:block;max-width:100%;overflow-x:auto;border-collapse:collapse}
.uc-rich-html td,.uc-rich-html th{border:1px solid rgba(5,5,5,0.12);padding:4px 8px}
.uc-rich-html pre{overflow-x:auto}`;

/**
 * Rich content the server sanitised when it was saved or rendered (a notice's content, an upgrade
 * log's `contentHtml`): no script, event handler or javascript: URL survives, so it is rendered as it
 * is; antd's Typography styles its headings, lists and code. Never pass it HTML typed in the browser.
 */
export function SanitisedHtml({ html, testId }: { html: string; testId: string }) {
  return (
    <Typography>
      {/* React hoists this into <head> once, however many contents are on screen. */}
      <style href="uc-home-rich-html" precedence="medium">
        {CSS}
      </style>
      <div className="uc-rich-html" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
