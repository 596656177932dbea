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

/** Icons the menu editor offers by antd name; importing all of @ant-design/icons would weigh megabytes. */
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
  // loads the font's stylesheet (before, only the permission remote's pages did).
  if (name.startsWith('icon-')) return <IconFont name={name} className={className} style={style} />;
  return null;
}
