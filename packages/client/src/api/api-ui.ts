/**
 * How the API client shows errors. Injected rather than imported so that @uc/client never pulls antd
 * in at import time: the login page installs a light one, the main layout installs antd's.
 */
export interface ApiUi {
  /** A write went through ("已保存"): every screen says so the same way, see CallOptions.done. */
  success(text: string): void;
  warn(text: string): void;
  error(text: string): void;
  notify(title: string, description: string): void;
  confirm(options: { title: string; content: string; okText: string; cancelText: string; onOk: () => void; onCancel: () => void }): void;
  /** A dialog with one button, for what the user can only acknowledge (the tenant's licence ended). */
  alert(options: { title: string; content: string; okText: string; onOk: () => void }): void;
}

/** Until a screen installs its own, errors go to the console and the code-61 question to window.confirm. */
const fallbackUi: ApiUi = {
  success: (text) => console.info(text),
  warn: (text) => console.warn(text),
  error: (text) => console.error(text),
  notify: (title, description) => console.error(`${title}: ${description}`),
  alert: ({ title, content, onOk }) => {
    if (typeof window !== 'undefined') window.alert(`${title}\n${content}`);
    onOk();
  },
  confirm: ({ title, content, onOk, onCancel }) => {
    if (typeof window !== 'undefined' && window.confirm(`${title}\n${content}`)) onOk();
    else onCancel();
  },
};

let current: ApiUi = fallbackUi;

export function setApiUi(ui: ApiUi | null): void {
  current = ui ?? fallbackUi;
}

export const getApiUi = (): ApiUi => current;
