import { palette } from '@uc/ui/palette';
/**
 * The login screen is drawn with its own small components instead of antd: the shared antd is not
 * tree-shaken (~400 KB gzip) and even antd's deep Form entry costs ~100 KB gzip, which the login
 * page's 300 KB budget cannot carry. These styles follow antd's look (tokens of the light theme).
 */
const css = `
.uc-login-field { margin-bottom: 24px; }
.uc-login-input { display: flex; align-items: center; gap: 8px; height: 40px; padding: 0 11px; border: 1px solid #d9d9d9;
  border-radius: 8px; background: #fff; transition: border-color .2s, box-shadow .2s; box-sizing: border-box; }
.uc-login-input:hover { border-color: #40a9ff; }
.uc-login-input:focus-within { border-color: #1890ff; box-shadow: 0 0 0 2px rgba(5,145,255,.1); }
.uc-login-input.uc-invalid { border-color: ${palette.error}; }
.uc-login-input.uc-invalid:focus-within { box-shadow: 0 0 0 2px rgba(255,38,5,.06); }
.uc-login-input input { flex: 1; min-width: 0; border: 0; outline: 0; font-size: 16px; background: transparent; color: rgba(0,0,0,.88); }
.uc-login-input svg { width: 16px; height: 16px; fill: ${palette.textSecondary}; flex: none; }
.uc-login-error { color: ${palette.error}; font-size: 14px; line-height: 22px; min-height: 22px; margin-bottom: -22px; }
.uc-login-eye { border: 0; background: none; padding: 0; cursor: pointer; display: flex; }
.uc-login-submit { width: 100%; height: 40px; border: 0; border-radius: 8px; background: ${palette.brandText}; color: #fff; font-size: 16px;
  cursor: pointer; box-shadow: 0 2px 0 rgba(5,145,255,.1); transition: background .2s; }
.uc-login-submit:hover { background: ${palette.brandTextHover}; }
.uc-login-submit:active { background: ${palette.brandTextActive}; }
.uc-login-submit:disabled { opacity: .65; cursor: default; }
.uc-login-link-button { display: block; line-height: 40px; text-align: center; text-decoration: none; }
.uc-login-heading { font-size: 18px; font-weight: 500; text-align: center; margin: 0 0 24px; color: rgba(0,0,0,.88); }
.uc-login-links { display: flex; justify-content: space-between; margin-top: 16px; font-size: 14px; }
.uc-login-links a, .uc-login-linkish { color: ${palette.brandText}; text-decoration: none; background: none; border: 0; padding: 0; cursor: pointer; font-size: 14px; }
.uc-login-sms { height: 40px; min-width: 112px; padding: 0 12px; border: 1px solid #d9d9d9; border-radius: 8px; background: #fff; cursor: pointer;
  color: rgba(0,0,0,.88); font-size: 14px; white-space: nowrap; }
.uc-login-sms:hover:not(:disabled) { color: ${palette.brandText}; border-color: ${palette.brand}; }
.uc-login-sms:disabled { color: rgba(0,0,0,.25); background: rgba(0,0,0,.04); cursor: not-allowed; }
.uc-login-demo { width: 100%; height: 40px; margin-top: 16px; border: 1px dashed ${palette.brand}; border-radius: 8px; background: #fff; color: ${palette.brandText};
  font-size: 16px; cursor: pointer; }
`;

export function LoginStyles() {
  return <style>{css}</style>;
}
