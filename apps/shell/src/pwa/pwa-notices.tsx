import { useT } from '@uc/client';
import { palette } from '@uc/ui/palette';
import { usePwa } from './pwa-store';

const box: React.CSSProperties = {
  position: 'fixed',
  insetInlineEnd: 24,
  zIndex: 2000,
  background: '#fff',
  borderRadius: 8,
  padding: '12px 16px',
  boxShadow: '0 6px 16px rgba(0,0,0,0.08), 0 3px 6px -4px rgba(0,0,0,0.12), 0 9px 28px 8px rgba(0,0,0,0.05)',
  maxWidth: 360,
  fontSize: 14,
  color: 'rgba(0,0,0,0.88)',
};

/**
 * The new-version notice and the offline warning. Drawn without antd: they show on the login page
 * too, which must stay light.
 */
export function PwaNotices() {
  const t = useT();
  const { offline, updateReady, applyUpdate } = usePwa();
  return (
    <>
      {offline ? (
        <div role="alert" data-testid="offline-warning" style={{ ...box, top: 72, borderInlineStart: '4px solid #faad14' }}>
          {t('pwa.offline')}
        </div>
      ) : null}
      {updateReady ? (
        <div role="dialog" aria-labelledby="uc-sw-update-title" data-testid="sw-update" style={{ ...box, bottom: 24 }}>
          <div id="uc-sw-update-title" style={{ fontWeight: 600, marginBottom: 4 }}>
            {t('pwa.update.title')}
          </div>
          <div style={{ color: 'rgba(0,0,0,0.65)', marginBottom: 12 }}>{t('pwa.update.content')}</div>
          <div style={{ textAlign: 'end' }}>
            <button
              type="button"
              onClick={() => applyUpdate?.()}
              style={{ height: 32, padding: '0 15px', border: 0, borderRadius: 6, background: palette.brandText, color: '#fff', cursor: 'pointer' }}
            >
              {t('pwa.update.ok')}
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
