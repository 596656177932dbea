import { AppstoreOutlined } from '@ant-design/icons';
import type { CSSProperties } from 'react';
import { IconFont } from '@uc/ui';

/**
 * An addon's icon (the card's `word`, an antd icon name). Any name can come from a catalogue, and
 * importing every @ant-design/icons component would weigh megabytes: the console's icon font is built
 * from the same glyphs and draws any of them by name. No name: the market's default.
 */
export function AppIcon({ name, style }: { name: string; style?: CSSProperties }) {
  if (!name || name === 'AppstoreOutlined') return <AppstoreOutlined style={style} />;
  return <IconFont name={name} {...(style ? { style } : {})} />;
}
