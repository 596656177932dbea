import {
  ApartmentOutlined,
  AppstoreOutlined,
  AreaChartOutlined,
  AuditOutlined,
  BellOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DesktopOutlined,
  FundProjectionScreenOutlined,
  HistoryOutlined,
  HomeOutlined,
  IdcardOutlined,
  KeyOutlined,
  LinkOutlined,
  MailOutlined,
  MenuOutlined,
  ProfileOutlined,
  RestOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType, CSSProperties } from 'react';
import { IconFont } from '@uc/ui';

/**
 * The antd icons drawn as their own SVG, by name; importing all of @ant-design/icons would weigh
 * megabytes. Any other antd name is drawn from the icon font (built from the same glyphs).
 */
const ICONS: Record<string, ComponentType<{ className?: string; style?: CSSProperties }>> = {
  ApartmentOutlined,
  AppstoreOutlined,
  AreaChartOutlined,
  AuditOutlined,
  BellOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DesktopOutlined,
  FundProjectionScreenOutlined,
  HistoryOutlined,
  HomeOutlined,
  IdcardOutlined,
  KeyOutlined,
  LinkOutlined,
  MailOutlined,
  MenuOutlined,
  ProfileOutlined,
  RestOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
  UserOutlined,
};

/** An antd icon name the font has a glyph for (HomeOutlined, CheckCircleFilled; two-tone icons are not in it). */
const ANTD_NAME = /^[A-Z][A-Za-z0-9]*(Outlined|Filled)$/;

/**
 * A menu's icon. `className` and `style` reach the glyph: antd's Menu clones its icons with
 * `ant-menu-item-icon`, which is what gives an icon its size and the gap before the label (antd's
 * own icons also match `.anticon`; an iconfont <i> has only that class to go by).
 */
export function MenuIcon({ name, className, style }: { name: string; className?: string; style?: CSSProperties }) {
  if (!name) return null;
  const Icon = ICONS[name];
  if (Icon) return <Icon className={className} style={style} />;
  // iconfont classes (spec section 3: family iconfont, prefix icon-): the shared glyph, which also
  // loads the font's stylesheet (before, only the permission remote's pages did). An antd name not in
  // the list above (NotificationOutlined of 公告管理, a new seed entry's, an addon's) is the font's
  // glyph of that name, so no seeded entry goes without its icon.
  if (name.startsWith('icon-') || ANTD_NAME.test(name)) return <IconFont name={name} className={className} style={style} />;
  return null;
}
