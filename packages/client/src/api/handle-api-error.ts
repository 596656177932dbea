import { ResultCode } from '@uc/contracts';
import { getLocale, t } from '../i18n/i18n-store';
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

/** The toast of a refusal, the way its display mode asks for. */
function toast(text: string, showType: ErrorShowType): void {
  const ui = getApiUi();
  if (showType === ErrorShowType.warn) ui.warn(text);
  else if (showType === ErrorShowType.notification) ui.notify(t('request.error.title'), text);
  else ui.error(text);
}

/**
 * Shows a failed call the way its display mode asks for (spec section 8). A refusal about fields of the
 * request (`data.fields`) is for the form that sent it, which shows each sentence under its field
 * (showRefusalOnFields in @uc/ui): its toast waits for the caller's handlers (to the next task, after
 * the rejection reached them) and says only what no field of the open form showed, so a sentence is
 * never on the screen twice and one about a field the form lacks is still seen.
 */
export function handleApiError(error: ApiError, showType: ErrorShowType = ErrorShowType.error): void {
  if (showType === ErrorShowType.redirect) {
    window.location.assign(loginUrl());
    return;
  }
  if (showType !== ErrorShowType.silent) {
    if (error.fields.length === 0) toast(error.message, showType);
    else
      setTimeout(() => {
        const left = error.unshownSentences();
        if (left.length > 0) toast(left.join(getLocale() === 'zh-CN' ? '；' : '; '), showType);
      }, 0);
  }
  if (error.code === ResultCode.loginTimeout) askToSignInAgain();
  if (error.code === ResultCode.noLicence) leaveForLicence(error.message);
}

export function resetTimeoutDialogForTests(): void {
  timeoutDialogOpen = false;
  licenceDialogOpen = false;
}
