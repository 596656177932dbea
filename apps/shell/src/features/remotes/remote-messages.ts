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
