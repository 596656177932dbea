import { useEffect } from 'react';
import { setApiUi } from '@uc/client';
import { useLightToast } from './light-toast';

/** Request errors on the login page show as light toasts; returns the holder to render. */
export function useLoginApiUi() {
  const { api, holder } = useLightToast();
  useEffect(() => {
    setApiUi({
      success: api.success,
      warn: api.warning,
      error: api.error,
      notify: (title, description) => api.error(`${title}: ${description}`),
      confirm: ({ title, content, onOk, onCancel }) => (window.confirm(`${title}\n${content}`) ? onOk() : onCancel()),
      // Never asked here: the licence dialog is for signed-in pages (handle-api-error.ts); a toast says it.
      alert: ({ content }) => api.error(content),
    });
    return () => setApiUi(null);
  }, [api]);
  return { toast: api, holder };
}
