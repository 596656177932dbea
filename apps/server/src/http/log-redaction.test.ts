import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('hides the token of the notice stream and keeps the rest of the address', () => {
    expect(redactUrl('/admin/admin/notice/stream?token=abc.def')).toBe('/admin/admin/notice/stream?token=[redacted]');
    expect(redactUrl('/x?a=1&token=secret&b=2')).toBe('/x?a=1&token=[redacted]&b=2');
    expect(redactUrl('/x?mytoken=keep')).toBe('/x?mytoken=keep');
    expect(redactUrl('/org/user?page=1')).toBe('/org/user?page=1');
  });
});
