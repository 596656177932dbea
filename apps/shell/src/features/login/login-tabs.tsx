import type { ReactNode } from 'react';
import { palette } from '@uc/ui/palette';

export interface LoginTab {
  key: string;
  label: string;
  children: ReactNode;
}

/**
 * The tab bar of the login card. antd's Tabs would bring its overflow menu, dropdown and tooltip
 * machinery; the login card has at most two tabs and needs none of it.
 */
export function LoginTabs({ items, activeKey, onChange }: { items: LoginTab[]; activeKey: string; onChange: (key: string) => void }) {
  const active = items.find((i) => i.key === activeKey) ?? items[0];
  return (
    <div>
      <div role="tablist" style={{ display: 'flex', justifyContent: 'center', gap: 32, borderBottom: '1px solid rgba(5,5,5,0.06)', marginBottom: 24 }}>
        {items.map((item) => {
          const selected = item.key === active?.key;
          return (
            <button
              key={item.key}
              type="button"
              role="tab"
              aria-selected={selected}
              onClick={() => onChange(item.key)}
              style={{
                background: 'none',
                border: 0,
                padding: '12px 0',
                cursor: 'pointer',
                fontSize: 16,
                color: selected ? palette.brandText : palette.text,
                borderBottom: `2px solid ${selected ? palette.brand : 'transparent'}`,
                marginBottom: -1,
              }}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel">{active?.children}</div>
    </div>
  );
}
