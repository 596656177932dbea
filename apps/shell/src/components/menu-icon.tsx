import {
  ApartmentOutlined, AppstoreOutlined, AuditOutlined, BellOutlined, ClusterOutlined, DashboardOutlined,
  HistoryOutlined, HomeOutlined, IdcardOutlined, KeyOutlined, LinkOutlined, MailOutlined, MenuOutlined,
  ProfileOutlined, RestOutlined, SafetyOutlined, SettingOutlined, ShopOutlined, TeamOutlined,
  UsergroupAddOutlined, UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** Icons the menu editor offers by antd name; importing all of @ant-design/icons would weigh megabytes. */
const ICONS: Record<string, ComponentType> = {
  ApartmentOutlined, AppstoreOutlined, AuditOutlined, BellOutlined, ClusterOutlined, DashboardOutlined,
  HistoryOutlined, HomeOutlined, IdcardOutlined, KeyOutlined, LinkOutlined, MailOutlined, MenuOutlined,
  ProfileOutlined, RestOutlined, SafetyOutlined, SettingOutlined, ShopOutlined, TeamOutlined,
  UsergroupAddOutlined, UserOutlined,
};

export function MenuIcon({ name }: { name: string }) {
  if (!name) return null;
  const Icon = ICONS[name];
  if (Icon) return <Icon />;
  // iconfont classes (spec section 3: family iconfont, prefix icon-) render as a plain <i>.
  if (name.startsWith('icon-')) return <i className={`iconfont ${name}`} aria-hidden />;
  return null;
}
