import { ResultCode } from '../contracts/envelope';
import { t } from '../i18n/i18n-store';
import { BASE_PATH } from '../session/storage-keys';
import { ApiError, ErrorShowType } from './api-error';
import { getApiUi } from './api-ui';

let timeoutDialogOpen = false;

export function loginUrl(redirect = typeof window === 'undefined' ? '' : window.location.href): string {
  return `${BASE_PATH}/user/login?redirect=${encodeURIComponent(redirect)}`;
}

/** Several calls failing with 61 at once (menus, badges) must still ask only once. */
function askToSignInAgain(): void {
  if (timeoutDialogOpen) return;
  timeoutDialogOpen = true;
  getApiUi().confirm({
    title: t('request.timeout.title'),
    content: t('request.timeout.content'),
    okText: t('request.timeout.ok'),
    cancelText: t('request.timeout.cancel'),
    onOk: () => {
      timeoutDialogOpen = false;
      window.location.assign(loginUrl());
    },
    // Dismissed: ask again the next time a call finds the session gone.
    onCancel: () => (timeoutDialogOpen = false),
  });
}

/** Shows a failed call the way its display mode asks for (spec section 8). */
export function handleApiError(error: ApiError, showType: ErrorShowType = ErrorShowType.error): void {
  const ui = getApiUi();
  switch (showType) {
    case ErrorShowType.silent:
      break;
    case ErrorShowType.warn:
      ui.warn(error.message);
      break;
    case ErrorShowType.notification:
      ui.notify(t('request.error.title'), error.message);
      break;
    case ErrorShowType.redirect:
      window.location.assign(loginUrl());
      return;
    default:
      ui.error(error.message);
  }
  if (error.code === ResultCode.loginTimeout) askToSignInAgain();
}

export function resetTimeoutDialogForTests(): void {
  timeoutDialogOpen = false;
}
