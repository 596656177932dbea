import { useEffect, type CSSProperties } from 'react';
import { ICON_CLASS_PREFIX, ICON_FONT_CSS_PATH, ICON_FONT_FAMILY } from '@uc/contracts';

/** Adds the icon font's stylesheet to the page once (the server publishes it beside the console). */
export function ensureIconFont(href: string = ICON_FONT_CSS_PATH): void {
  if (typeof document === 'undefined' || document.querySelector('link[data-uc-iconfont]')) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.dataset.ucIconfont = '';
  document.head.appendChild(link);
}

/**
 * The icon class of a menu's icon value: `icon-home-outlined` as is, a bare font class
 * (`home-outlined`) with the prefix, and an antd component name (`HomeOutlined`, as the seed menus
 * carry) as the glyph the font was built from. Empty for an empty value.
 */
export function iconFontClass(name: string): string {
  const value = name.trim();
  if (!value) return '';
  if (value.startsWith(ICON_CLASS_PREFIX)) return value;
  const kebab = value.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
  return `${ICON_CLASS_PREFIX}${kebab}`;
}

export interface IconFontProps {
  /** A menu icon value: `icon-<font_class>`, `<font_class>` or an antd icon name. */
  name: string;
  className?: string;
  style?: CSSProperties;
  /** Read out instead of hiding the glyph from assistive technology. */
  title?: string;
}

/** A glyph of the console's icon font (family `iconfont`, classes `icon-*`); loads the stylesheet once. */
export function IconFont({ name, className, style, title }: IconFontProps) {
  useEffect(() => ensureIconFont(), []);
  const cls = iconFontClass(name);
  if (!cls) return null;
  return (
    <i
      className={[ICON_FONT_FAMILY, cls, className].filter(Boolean).join(' ')}
      style={style}
      data-icon={cls}
      {...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
    />
  );
}
