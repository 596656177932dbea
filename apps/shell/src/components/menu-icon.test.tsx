import { render } from '@testing-library/react';
import { MenuIcon } from './menu-icon';

describe('MenuIcon', () => {
  it("draws an antd name it has no SVG for from the icon font (公告管理's NotificationOutlined)", () => {
    const { container } = render(<MenuIcon name="NotificationOutlined" className="ant-menu-item-icon" />);
    const glyph = container.querySelector('i');
    expect(glyph).toHaveClass('iconfont', 'icon-notification-outlined', 'ant-menu-item-icon');
  });

  it('draws the listed antd icons as SVG, iconfont classes as glyphs, and nothing for an empty or unknown name', () => {
    expect(render(<MenuIcon name="UserOutlined" />).container.querySelector('svg')).not.toBeNull();
    expect(render(<MenuIcon name="icon-home-outlined" />).container.querySelector('i.icon-home-outlined')).not.toBeNull();
    expect(render(<MenuIcon name="" />).container).toBeEmptyDOMElement();
    expect(render(<MenuIcon name="not an icon" />).container).toBeEmptyDOMElement();
    expect(render(<MenuIcon name="SmileTwoTone" />).container).toBeEmptyDOMElement();
  });
});
