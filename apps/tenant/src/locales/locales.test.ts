import { INVITE_CODE_RULE } from '@uc/contracts';
import { TENANT_MESSAGES } from '.';
import { tenantEnUS } from './en-US';

it('has every key in both locales', () => {
  expect(Object.keys(TENANT_MESSAGES['en-US']).sort()).toEqual(Object.keys(TENANT_MESSAGES['zh-CN']).sort());
});

it('words the code rule as the server does', () => {
  // The form shows the translated rule; the English one must stay the contract's, which the server answers with.
  expect(tenantEnUS['tenant.invite.code.rule']).toBe(INVITE_CODE_RULE);
});
