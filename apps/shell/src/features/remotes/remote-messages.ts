import type { MessageTable } from '@uc/client';

/** Texts of the remote error page beyond the shell's tables, registered by remote-error-boundary.tsx. */
export const remoteZhCN: MessageTable = {
  'remote.timedOut.description':
    '{module}模块在 {seconds} 秒内没有响应，服务器可能正忙或网络较慢。控制台的其他功能不受影响，请稍后点击重试；如仍失败，请联系管理员检查服务器。',
};

export const remoteEnUS: MessageTable = {
  'remote.timedOut.description':
    'The {module} module did not answer within {seconds} seconds: the server may be busy or the network slow. The rest of the console keeps working; retry in a moment, and if it keeps failing ask the administrator to check the server.',
};

/** Texts of a remote the console refuses to run (remote-refused-result.tsx): a shared library in a version the console does not have. */
export const refusedZhCN: MessageTable = {
  'remote.refused.title': '{module}模块与当前控制台的版本不兼容，无法打开',
  'remote.refused.library': '{library}：控制台提供的是 {console}，该模块需要 {required}',
  'remote.refused.action':
    '请联系管理员：按控制台的版本（{versions}）重新构建并部署{module}模块（插件则在应用市场安装与控制台兼容的版本，或回滚到之前的版本），或者把控制台升级到该模块需要的版本。控制台的其他功能不受影响。',
};

export const refusedEnUS: MessageTable = {
  'remote.refused.title': 'The {module} module cannot run in this version of the console',
  'remote.refused.library': '{library}: the console has {console}, the module needs {required}',
  'remote.refused.action':
    "Ask the administrator to rebuild and deploy the {module} module against the console's versions ({versions}) (an addon: install a version that suits the console in the market, or roll it back), or to upgrade the console to the versions the module needs. The rest of the console keeps working.",
};
