import { render } from '@testing-library/react';
import { IconFont, iconFontClass } from './icon-font';

describe('iconFontClass', () => {
  it('keeps icon- classes, prefixes font classes and maps antd names to their glyph', () => {
    expect(iconFontClass('icon-home-outlined')).toBe('icon-home-outlined');
    expect(iconFontClass('home-filled')).toBe('icon-home-filled');
    expect(iconFontClass('UsergroupAddOutlined')).toBe('icon-usergroup-add-outlined');
    expect(iconFontClass(' ')).toBe('');
  });
});

describe('IconFont', () => {
  it('renders the glyph and adds the stylesheet to the page once', () => {
    const { container } = render(
      <>
        <IconFont name="DashboardOutlined" />
        <IconFont name="icon-home-filled" title="Home" />
      </>,
    );
    expect(container.querySelector('i.iconfont.icon-dashboard-outlined')).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelector('i.icon-home-filled')).toHaveAttribute('aria-label', 'Home');
    expect(document.querySelectorAll('link[data-uc-iconfont]')).toHaveLength(1);
    expect(document.querySelector('link[data-uc-iconfont]')).toHaveAttribute('href', '/user/web/iconfont/iconfont.css');
  });
});
