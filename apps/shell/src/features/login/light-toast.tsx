import { useCallback, useRef, useState } from 'react';

interface Toast {
  id: number;
  kind: 'success' | 'warning' | 'error';
  text: string;
}

const COLORS: Record<Toast['kind'], string> = { success: '#52c41a', warning: '#faad14', error: '#ff4d4f' };

/**
 * Toasts for the login page, built by hand: antd's message pulls notification, motion and portal
 * code into the one page that has a tight download budget.
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
            boxShadow: '0 6px 16px rgba(0,0,0,0.08), 0 3px 6px -4px rgba(0,0,0,0.12)',
            display: 'flex',
            gap: 8,
            alignItems: 'center',
          }}
        >
          <span aria-hidden style={{ width: 8, height: 8, borderRadius: '50%', background: COLORS[t.kind] }} />
          {t.text}
        </div>
      ))}
    </div>
  );
  return { api, holder };
}
