import { MARKET_MESSAGES } from '.';

it('has every key in both locales', () => {
  expect(Object.keys(MARKET_MESSAGES['en-US']).sort()).toEqual(Object.keys(MARKET_MESSAGES['zh-CN']).sort());
});

it('has a text for every key the code asks for', () => {
  const keys = Object.keys(MARKET_MESSAGES['zh-CN']);
  for (const kind of ['install', 'update', 'rollback']) expect(keys).toContain(`market.job.done.${kind}`);
});
