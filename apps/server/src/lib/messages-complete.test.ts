import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { hasTranslation } from '@uc/contracts/messages';

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

/** Sentence constants that never reach a user (logs, SQL, headers, texts of SMS and the demo account). */
const NOT_SHOWN = new Set<string>(['IMMUTABLE']);

const files = sourceFiles(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }));

describe('server messages', () => {
  it('give every refusal a fixed template (what varies goes in params), never a template literal', () => {
    const built = new RegExp(`\\b(?:${HELPERS})\\(\\s*\``, 'g');
    const appError = /new AppError\([^,]+,[^,]+,\s*`/g;
    const found = files.flatMap(({ path, text }) =>
      [...text.matchAll(built), ...text.matchAll(appError)].map((m) => `${path}: ${text.slice(m.index, m.index + 80)}`),
    );
    expect(found).toEqual([]);
  });

  it('have a Chinese text for every literal refusal and message constant in the source', () => {
    // Single- or double-quoted: prettier picks double quotes for a message holding an apostrophe.
    const literal = new RegExp(`\\b(?:${HELPERS})\\(\\s*(?:'((?:[^'\\\\]|\\\\.)+)'|"((?:[^"\\\\]|\\\\.)+)")`, 'g');
    const appError = /new AppError\([^,]+,[^,]+,\s*(?:'((?:[^'\\]|\\.)+)'|"((?:[^"\\]|\\.)+)")/g;
    // Constants holding a sentence (const LOGIN_FAILED = '...'): messages, unless listed as not shown to users.
    const constant = /const ([A-Z][A-Z0-9_]*)\s*(?::\s*string\s*)?=\s*\n?\s*(?:'((?:[^'\\]|\\.)+)'|"((?:[^"\\]|\\.)+)")/g;
    const missing = files.flatMap(({ path, text }) =>
      [
        ...[...text.matchAll(literal), ...text.matchAll(appError)].map((m) => m[1] ?? m[2]),
        ...[...text.matchAll(constant)].filter((m) => !NOT_SHOWN.has(m[1]!)).map((m) => m[2] ?? m[3]),
      ]
        .map((message) => message!.replace(/\\'/g, "'").replace(/\\\\/g, '\\'))
        .filter((message) => / \S+ /.test(message))
        .filter((message) => !hasTranslation(message))
        .map((message) => `${path}: ${message}`),
    );
    expect(missing).toEqual([]);
  });

  it('have a Chinese text for every reason given to a refusal as a parameter, so none is English inside Chinese', () => {
    // `{ problem: 'a path climbing out with ..' }`: renderMessage writes such a phrase in the reader's language.
    const param = /\b(?:problem|reason):\s*(?:'((?:[^'\\]|\\.)+)'|"((?:[^"\\]|\\.)+)")/g;
    const missing = files.flatMap(({ path, text }) =>
      [...text.matchAll(param)]
        .map((m) => m[1] ?? m[2]!)
        .filter((phrase) => / /.test(phrase) && !hasTranslation(phrase))
        .map((phrase) => `${path}: ${phrase}`),
    );
    expect(missing).toEqual([]);
  });
});
