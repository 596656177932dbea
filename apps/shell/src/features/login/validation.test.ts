import { mobileLoginCall, registerBody, resetPasswordSmsCall } from '@uc/contracts';
import { check, rules, type Rule } from './validation';

/** The light login page repeats the server's rules; these samples keep both sides in step. */
const agree = (rule: readonly Rule[], schemaOk: (v: string) => boolean, samples: string[]) => {
  for (const sample of samples) expect([sample, check(sample, rule) === undefined]).toEqual([sample, schemaOk(sample)]);
};

describe('client rules match the server contracts', () => {
  const loginBody = mobileLoginCall.body!;
  const resetBody = resetPasswordSmsCall.body!;

  it('mobile numbers', () => {
    agree(rules.mobile, (mobile) => loginBody.safeParse({ mobile, code: '123456' }).success, [
      '13800138000',
      '12800138000',
      '1380013800',
      '+8613800138000',
      '+123',
      'abc',
      '',
    ]);
  });

  it('SMS codes', () => {
    agree(rules.smsCode, (code) => loginBody.safeParse({ mobile: '13800138000', code }).success, ['123456', '12345', '1234567', '12a456', '']);
  });

  it('new passwords', () => {
    agree(rules.newPassword, (password) => resetBody.safeParse({ mobile: '13800138000', code: '123456', password }).success, [
      '12345678',
      '1234567',
      'x'.repeat(64),
      'x'.repeat(65),
    ]);
  });

  it('usernames for registration', () => {
    const ok = (username: string) => registerBody.safeParse({ username, password: '12345678', mobile: '13800138000', code: '123456' }).success;
    agree(rules.newUsername, ok, ['ann', 'an', 'ann.lee@x', 'ann lee', 'x'.repeat(64), 'x'.repeat(65)]);
  });
});
