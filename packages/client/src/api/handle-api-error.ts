import { ResultCode } from '@uc/contracts';
import { t } from '../i18n/i18n-store';
import { isLoginPath } from '../session/login-paths';
import { BASE_PATH } from '../session/storage-keys';
import { ApiError, ErrorShowType } from './api-error';
import { getApiUi } from './api-ui';

let timeoutDialogOpen = false;
let licenceDialogOpen = false;

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

/**
 * Code 60 on a signed-in page: the tenant was disabled or its licence ran out while the user worked.
 * Nothing here works any more, so there is no cancel: the reason is shown and OK goes to the login
 * page (where signing in says the same until the platform renews the tenant). On the login pages the
 * toast is enough: the user is there already.
 */
function leaveForLicence(reason: string): void {
  if (licenceDialogOpen || typeof window === 'undefined' || isLoginPath(window.location.pathname)) return;
  licenceDialogOpen = true;
  getApiUi().alert({
    title: t('request.noLicence.title'),
    content: reason,
    okText: t('request.noLicence.ok'),
    onOk: () => {
      licenceDialogOpen = false;
      window.location.assign(loginUrl());
    },
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
  if (error.code === ResultCode.noLicence) leaveForLicence(error.message);
}

export function resetTimeoutDialogForTests(): void {
  timeoutDialogOpen = false;
  licenceDialogOpen = false;
}
