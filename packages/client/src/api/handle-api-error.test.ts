import { ResultCode } from '@uc/contracts';
import { setLocale } from '../i18n/i18n-store';
import { ApiError, ErrorShowType } from './api-error';
import { setApiUi, type ApiUi } from './api-ui';
import { handleApiError, resetTimeoutDialogForTests } from './handle-api-error';

const fakeUi = (): jest.Mocked<ApiUi> => ({ success: jest.fn(), warn: jest.fn(), error: jest.fn(), notify: jest.fn(), confirm: jest.fn(), alert: jest.fn() });
const noLicence = (message: string) => new ApiError(message, 'business', ResultCode.noLicence, 403);

let ui: jest.Mocked<ApiUi>;
beforeEach(() => {
  ui = fakeUi();
  setApiUi(ui);
  setLocale('zh-CN');
  resetTimeoutDialogForTests();
});

describe('code 60 (the tenant may no longer be used)', () => {
  it('on a signed-in page: shows the reason once, with only a button to the login page', () => {
    window.history.pushState({}, '', '/user/web/org/user');
    handleApiError(noLicence('您的租户“甲”已停用，请联系平台管理员启用'));
    handleApiError(noLicence('您的租户“甲”已停用，请联系平台管理员启用'));
    expect(ui.error).toHaveBeenCalledWith('您的租户“甲”已停用，请联系平台管理员启用');
    expect(ui.alert).toHaveBeenCalledTimes(1);
    expect(ui.alert.mock.calls[0]?.[0]).toMatchObject({ title: '无法继续使用', content: '您的租户“甲”已停用，请联系平台管理员启用', okText: '前往登录' });
    expect(ui.confirm).not.toHaveBeenCalled();
  });

  it('on the login page: the toast alone (signing in is what the user is doing)', () => {
    window.history.pushState({}, '', '/user/web/user/login');
    handleApiError(noLicence('licence expired'));
    expect(ui.error).toHaveBeenCalledWith('licence expired');
    expect(ui.alert).not.toHaveBeenCalled();
  });
});

describe('a refusal about fields of the request', () => {
  const refusal = () =>
    new ApiError('用户名不能为空；数量必须大于 0', 'business', ResultCode.error, 400, {
      fields: [
        { field: 'username', message: '用户名不能为空' },
        { field: 'num', message: '数量必须大于 0' },
      ],
    });
  // The toast waits for the handlers of the rejected call, which run before the next task.
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('is not also toasted when the open form showed every sentence under its field', async () => {
    const error = refusal();
    handleApiError(error);
    error.markShownOnFields(['username', 'num']);
    await nextTask();
    expect(ui.error).not.toHaveBeenCalled();
  });

  it('toasts only the sentences no field showed', async () => {
    const error = refusal();
    handleApiError(error, ErrorShowType.warn);
    expect(ui.warn).not.toHaveBeenCalled();
    error.markShownOnFields(['username']);
    await nextTask();
    expect(ui.warn).toHaveBeenCalledWith('数量必须大于 0');
  });

  it('is toasted whole when no form showed it (a call made outside a form)', async () => {
    handleApiError(refusal());
    await nextTask();
    expect(ui.error).toHaveBeenCalledWith('用户名不能为空；数量必须大于 0');
  });

  it('says nothing when the call asked for silence', async () => {
    handleApiError(refusal(), ErrorShowType.silent);
    await nextTask();
    expect(ui.error).not.toHaveBeenCalled();
  });
});
