import { useCallback, useRef, useState } from 'react';

interface Toast {
  id: number;
  kind: 'success' | 'warning' | 'error';
  text: string;
}

// antd's message, as the rest of the console shows it: its filled icons (paths from @ant-design/icons-svg,
// MIT), colours, box and shadow.
const ICONS: Record<Toast['kind'], { color: string; d: string }> = {
  success: {
    color: '#52c41a',
    d: 'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm193.5 301.7l-210.6 292a31.8 31.8 0 01-51.7 0L318.5 484.9c-3.8-5.3 0-12.7 6.5-12.7h46.9c10.2 0 19.9 4.9 25.9 13.3l71.2 98.8 157.2-218c6-8.3 15.6-13.3 25.9-13.3H699c6.5 0 10.3 7.4 6.5 12.7z',
  },
  warning: {
    color: '#faad14',
    d: 'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm-32 232c0-4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v272c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V296zm32 440a48.01 48.01 0 010-96 48.01 48.01 0 010 96z',
  },
  error: {
    color: '#ff4d4f',
    d: 'M512 64c247.4 0 448 200.6 448 448S759.4 960 512 960 64 759.4 64 512 264.6 64 512 64zm127.98 274.82h-.04l-.08.06L512 466.75 384.14 338.88c-.04-.05-.06-.06-.08-.06a.12.12 0 00-.07 0c-.03 0-.05.01-.09.05l-45.02 45.02a.2.2 0 00-.05.09.12.12 0 000 .07v.02a.27.27 0 00.06.06L466.75 512 338.88 639.86c-.05.04-.06.06-.06.08a.12.12 0 000 .07c0 .03.01.05.05.09l45.02 45.02a.2.2 0 00.09.05.12.12 0 00.07 0c.02 0 .04-.01.08-.05L512 557.25l127.86 127.87c.04.04.06.05.08.05a.12.12 0 00.07 0c.03 0 .05-.01.09-.05l45.02-45.02a.2.2 0 00.05-.09.12.12 0 000-.07v-.02a.27.27 0 00-.05-.06L557.25 512l127.87-127.86c.04-.04.05-.06.05-.08a.12.12 0 000-.07c0-.03-.01-.05-.05-.09l-45.02-45.02a.2.2 0 00-.09-.05.12.12 0 00-.07 0z',
  },
};

/**
 * Toasts for the login page in the console's style (antd's message: the same icon, box, shadow, place
 * and three seconds), drawn by hand: antd's message itself pulls notification, motion and portal code
 * into the one page that has a tight download budget.
 */
export function useLightToast() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(0);
  const show = useCallback((kind: Toast['kind'], text: string) => {
    const id = ++next.current;
    setToasts((list) => [...list, { id, kind, text }]);
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), 3000);
  }, []);
  const api = useRef({
    success: (text: string) => show('success', text),
    warning: (text: string) => show('warning', text),
    error: (text: string) => show('error', text),
  }).current;
  const holder = (
    <div
      aria-live="polite"
      style={{
        position: 'fixed',
        top: 8,
        insetInline: 0,
        zIndex: 1010,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 8,
        pointerEvents: 'none',
      }}
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          className={`uc-toast uc-toast-${t.kind}`}
          style={{
            background: '#fff',
            padding: '9px 12px',
            borderRadius: 8,
            boxShadow: '0 6px 16px 0 rgba(0,0,0,0.08), 0 3px 6px -4px rgba(0,0,0,0.12), 0 9px 28px 8px rgba(0,0,0,0.05)',
            display: 'flex',
            gap: 8,
            alignItems: 'center',
            fontSize: 14,
            lineHeight: 1.5714,
            color: 'rgba(0,0,0,0.88)',
            pointerEvents: 'auto',
          }}
        >
          <svg viewBox="64 64 896 896" width={16} height={16} fill={ICONS[t.kind].color} aria-hidden focusable="false">
            <path d={ICONS[t.kind].d} />
          </svg>
          {t.text}
        </div>
      ))}
    </div>
  );
  return { api, holder };
}
