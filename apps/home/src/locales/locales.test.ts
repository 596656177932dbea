import { HOME_MESSAGES } from '.';

it('has every key in both locales', () => {
  expect(Object.keys(HOME_MESSAGES['en-US']).sort()).toEqual(Object.keys(HOME_MESSAGES['zh-CN']).sort());
});
