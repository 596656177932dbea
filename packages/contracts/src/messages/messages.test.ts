import { hasTranslation, messageLocaleOf, renderMessage } from './render';
import { ZH_CN_MESSAGES, ZH_CN_PARTS } from './zh-CN';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const HAN = /\p{Script=Han}/u;

describe('server messages', () => {
  it('answers Chinese readers in zh-CN and everyone else, or no one named, in en-US', () => {
    expect(messageLocaleOf('zh-CN')).toBe('zh-CN');
    expect(messageLocaleOf('zh-TW,zh;q=0.9')).toBe('zh-CN');
    expect(messageLocaleOf('en-US,en;q=0.9,zh-CN;q=0.8')).toBe('en-US');
    expect(messageLocaleOf('ar-EG')).toBe('en-US');
    expect(messageLocaleOf(undefined)).toBe('en-US');
  });

  it('fills the placeholders in either language', () => {
    const [template] = Object.entries(ZH_CN_MESSAGES).find(([en]) => placeholders(en).length > 0) ?? [];
    expect(template).toBeDefined();
    const params = Object.fromEntries(placeholders(template!).map((name) => [name!, `<${name}>`]));
    const zh = renderMessage(template!, params, 'zh-CN');
    const en = renderMessage(template!, params, 'en-US');
    for (const name of Object.keys(params)) {
      expect(zh).toContain(`<${name}>`);
      expect(en).toContain(`<${name}>`);
    }
    expect(en).not.toMatch(HAN);
    expect(zh).toMatch(HAN);
  });

  it('keeps an unknown template as it is (the server tests fail on any refusal without a text)', () => {
    expect(hasTranslation('no such message')).toBe(false);
    expect(renderMessage('no such message {x}', { x: 1 }, 'zh-CN')).toBe('no such message 1');
  });

  it('has a Chinese text with the same placeholders for every English template, each key in one file only', () => {
    const seen = new Map<string, string>();
    for (const [part, table] of Object.entries(ZH_CN_PARTS)) {
      for (const [en, zh] of Object.entries(table)) {
        expect({ en, duplicateOf: seen.get(en) }).toEqual({ en, duplicateOf: undefined });
        seen.set(en, part);
        expect({ en, placeholders: placeholders(zh) }).toEqual({ en, placeholders: placeholders(en) });
        expect({ en, chinese: HAN.test(zh) }).toEqual({ en, chinese: true });
      }
    }
  });
});
