import { hasTranslation, messageField, messageLocaleOf, messageText, renderMessage } from './render';
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
        // A placeholder that tags the field (`{field}: …`) is not shown: the field goes to data.fields.
        expect({ en, placeholders: placeholders(zh) }).toEqual({ en, placeholders: placeholders(en.replace(/^\{\w+\}: /, '')) });
        // The field tag is the English template's; the Chinese text is the sentence alone.
        expect({ en, zh: /^[\w.{}]+: /.test(zh) }).toEqual({ en, zh: false });
        expect({ en, chinese: HAN.test(zh) }).toEqual({ en, chinese: true });
      }
    }
  });

  it('shows a refusal about a field as a sentence, the field named apart', () => {
    const template = 'num: insufficient balance: the user has {has}, which is less than {num}';
    expect(messageField(template)).toBe('num');
    expect(renderMessage(template, { has: '5.00', num: '5.01' }, 'en-US')).toBe('Insufficient balance: the user has 5.00, which is less than 5.01');
    expect(renderMessage(template, { has: '5.00', num: '5.01' }, 'zh-CN')).toBe('余额不足：该用户余额为 5.00，少于 5.01');
    const tagged = '{field}: this value is already used by another record: choose another';
    expect(messageField(tagged, { field: 'code' })).toBe('code');
    expect(renderMessage(tagged, { field: 'code' }, 'zh-CN')).toBe('该值已被其他记录使用，请换一个');
    // A sentence that starts with a capital or a word and a space names no field.
    expect(messageField('Upload: Please select a file.')).toBeUndefined();
    expect(messageField('The request body is not valid: {problem}')).toBeUndefined();
    expect(messageText('Upload: Please select a file.', 'zh-CN')).toBe('上传：请选择文件。');
  });

  it("writes a parameter that is a message of the catalogue in the reader's language too", () => {
    const template = 'Downloading {url} failed ({problem}): check that the catalogue server is reachable, then install again';
    const params = { url: 'http://market.test/a.tgz', problem: 'the connection was refused' };
    expect(renderMessage(template, params, 'zh-CN')).toContain('（连接被拒绝）');
    expect(renderMessage(template, params, 'en-US')).toContain('(the connection was refused)');
    // Data that merely looks like words stays as it is.
    expect(renderMessage(template, { ...params, problem: 'no such phrase' }, 'zh-CN')).toContain('（no such phrase）');
  });

  it('has no English word in a Chinese text but those the English one holds as names, codes or values', () => {
    // A word of the English template copied into the Chinese one is a name, a setting, a command or a
    // value of the API (JSON, OIDC_PROVIDERS, pnpm build, true); any other is an untranslated leftover.
    const words = (text: string) => (text.replace(/\{\w+\}/g, '').match(/[A-Za-z][A-Za-z0-9_]*/g) ?? []).map((w) => w.toLowerCase());
    const leftovers = Object.entries(ZH_CN_MESSAGES).flatMap(([en, zh]) => {
      // And what a Chinese reader calls by its English name (QQ, ID, Markdown, tar).
      const own = new Set([...words(en), 'qq', 'id', 'markdown', 'tar']);
      return words(zh)
        .filter((word) => !own.has(word))
        .map((word) => `${word} in ${zh}`);
    });
    expect(leftovers).toEqual([]);
  });
});
