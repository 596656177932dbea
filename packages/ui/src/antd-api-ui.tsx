import { App } from 'antd';
import { useEffect } from 'react';
import { setApiUi } from '@uc/client';

/**
 * Routes the API client's toasts and the login-timeout dialog through antd's App context, so they
 * follow the theme, locale and direction of the ConfigProvider above. Render inside `<App>`.
 */
export function AntdApiUi() {
  const { message, modal, notification } = App.useApp();
  useEffect(() => {
    setApiUi({
      success: (text) => void message.success(text),
      warn: (text) => void message.warning(text),
      error: (text) => void message.error(text),
      notify: (title, description) => notification.error({ title, description }),
      confirm: (options) => void modal.confirm(options),
      alert: ({ title, content, okText, onOk }) => void modal.error({ title, content, okText, onOk }),
    });
    return () => setApiUi(null);
  }, [message, modal, notification]);
  return null;
}
