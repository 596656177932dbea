import { useT } from '@uc/client';
import { palette } from '@uc/ui/palette';

/** A spinner without antd: shown while chunks load, so it must not pull antd in itself. */
export function PageLoading() {
  const t = useT();
  return (
    <div
      role="status"
      aria-live="polite"
      style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240, color: palette.brandText, gap: 8 }}
    >
      <span
        className="uc-spinner"
        aria-hidden
        style={{
          width: 16,
          height: 16,
          border: '2px solid #1890ff',
          borderRightColor: 'transparent',
          borderRadius: '50%',
          display: 'inline-block',
          animation: 'uc-spin 0.8s linear infinite',
        }}
      />
      <span>{t('app.loading')}</span>
      <style>{'@keyframes uc-spin { to { transform: rotate(360deg); } }'}</style>
    </div>
  );
}
