import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { hasTranslation } from '@uc/shared/messages';

/*
 * Every refusal the server can send has its Chinese text. The test app checks the messages the tests
 * provoke (a refusal without a text answers 500 there); this finds the rest in the source: each literal
 * given to an error helper or to AppError, and each message constant. A message built with a template
 * literal cannot be looked up: it must be a fixed template with {params} instead.
 */
const SRC = join(__dirname, '..');
const HELPERS = 'badRequest|conflict|forbidden|notFound|unavailable|captchaChallenge|tooManyRequests|notSignedIn|noLicence';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sourceFiles(path);
    return /\.ts$/.test(name) && !/\.test\.ts$|fixtures\.ts$/.test(name) ? [path] : [];
  });
}

const files = sourceFiles(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }));

describe('server messages', () => {
  it('give every refusal a fixed template (what varies goes in params), never a template literal', () => {
    const built = new RegExp(`\\b(?:${HELPERS})\\(\\s*\``, 'g');
    const appError = /new AppError\([^,]+,[^,]+,\s*`/g;
    const found = files.flatMap(({ path, text }) => [...text.matchAll(built), ...text.matchAll(appError)].map((m) => `${path}: ${text.slice(m.index, m.index + 80)}`));
    expect(found).toEqual([]);
  });

  it('have a Chinese text for every literal refusal and message constant in the source', () => {
    // Single- or double-quoted: prettier picks double quotes for a message holding an apostrophe.
    const literal = new RegExp(`\\b(?:${HELPERS})\\(\\s*(?:'((?:[^'\\\\]|\\\\.)+)'|"((?:[^"\\\\]|\\\\.)+)")`, 'g');
    const appError = /new AppError\([^,]+,[^,]+,\s*(?:'((?:[^'\\]|\\.)+)'|"((?:[^"\\]|\\.)+)")/g;
    // Constants named like messages: const LOGIN_FAILED = '...', export const PLATFORM_ONLY = '...'.
    const constant = /const [A-Z][A-Z0-9_]*(?:MESSAGE|FAILED|ERROR|ONLY|REQUIRED|INVALID|TOO_LARGE|NOT_IMAGE|EMPTY|READ_ONLY|TIMEOUT|GENERIC_500|NO_API|UNREADABLE)[A-Z0-9_]*\s*(?::\s*string\s*)?=\s*'((?:[^'\\]|\\.)+)'/g;
    const missing = files.flatMap(({ path, text }) =>
      [...text.matchAll(literal), ...text.matchAll(appError), ...text.matchAll(constant)]
        .map((m) => (m[1] ?? m[2])!.replace(/\\'/g, "'").replace(/\\\\/g, '\\'))
        .filter((message) => !hasTranslation(message))
        .map((message) => `${path}: ${message}`),
    );
    expect(missing).toEqual([]);
  });
});
