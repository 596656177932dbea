import { __name__EnUS } from './en-US';
import { __name__ZhCN } from './zh-CN';

it('has every key in both locales', () => {
  expect(Object.keys(__name__EnUS).sort()).toEqual(Object.keys(__name__ZhCN).sort());
});
