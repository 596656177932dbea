import { INVITE_CODE_RULE } from '@uc/shared';
import { tenantEnUS } from './en-US';
import { tenantZhCN } from './zh-CN';

it('has every key in both locales', () => {
  expect(Object.keys(tenantEnUS).sort()).toEqual(Object.keys(tenantZhCN).sort());
});

it('words the code rule as the server does', () => {
  // The form shows the translated rule; the English one must stay the contract's, which the server answers with.
  expect(tenantEnUS['tenant.invite.code.rule']).toBe(INVITE_CODE_RULE);
});
