import { z } from 'zod';
import type { RefusalField } from '@uc/contracts';
import { hasTranslation, messageField, renderMessage, type MessageLocale, type MessageParams } from '@uc/contracts/messages';

type Issue = z.core.$ZodIssue;

/** zod's own English texts, only to tell a schema's own message from zod's. */
const zodEnglish = z.locales.en().localeError as (issue: Issue) => string | undefined;

/**
 * Per-parse option that keeps each issue's input, so a schema's own English message can be told from
 * zod's (whose text names what was received).
 */
export const PARSE_OPTIONS = { reportInput: true } as const;

/**
 * A union that fails in every branch reports "Invalid input"; the branch that came closest (fewest
 * problems, then the deepest one, then the later branch) holds the useful message, such as an unknown
 * filter operator.
 */
function deepest(issue: Issue): { issue: Issue; path: PropertyKey[] } {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return { issue, path: issue.path };
  let best: { issue: Issue; path: PropertyKey[]; count: number } | undefined;
  for (const branch of issue.errors) {
    const first = branch[0];
    if (!first) continue;
    const found = deepest(first);
    const better = !best || branch.length < best.count || (branch.length === best.count && found.path.length >= best.path.length);
    if (better) best = { ...found, count: branch.length };
  }
  return best && best.path.length > 0 ? { issue: best.issue, path: [...issue.path, ...best.path] } : { issue, path: issue.path };
}

/** Whether the message is zod's own (the schema gave none), as opposed to one the contract wrote. */
const isZodsOwn = (issue: Issue): boolean => !hasTranslation(issue.message) && zodEnglish(issue) === issue.message;

/*
 * A rule the contract gave no message of its own (a call made by a script, not by a console form: the
 * forms' rules all have theirs) is said in the server's own words rather than zod's, whose Chinese
 * leaves type names in English ("期望 string"). What it is about goes first: the field by its path, or
 * the request body or query as a whole.
 */
const WHAT_FIELD = 'The field {field}';
const WHAT_BODY = 'The request body';
const WHAT_QUERY = 'The query of the request';
const MUST_BE = '{what} must be {type}';
const AT_MOST_CHARS = '{what} must be at most {max} characters';
const AT_LEAST_CHARS = '{what} must be at least {min} characters';
const AT_MOST_ITEMS = '{what} may hold at most {max} items';
const AT_LEAST_ITEMS = '{what} must hold at least {min} items';
const AT_MOST = '{what} must be at most {max}';
const LESS_THAN = '{what} must be less than {max}';
const AT_LEAST = '{what} must be at least {min}';
const MORE_THAN = '{what} must be more than {min}';
const ONE_OF = '{what} must be one of {values}';
const FORMAT = '{what} is not in the expected format';
const MULTIPLE_OF = '{what} must be a multiple of {divisor}';
const UNKNOWN_KEYS = '{what} has fields this call does not take: {keys}';
const NOT_VALID = '{what} is not valid';

/** zod's type names, as phrases of the catalogue (so a Chinese reader reads them in Chinese). */
const TYPE_PHRASES: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  date: 'a date',
  object: 'an object',
  record: 'an object',
  array: 'a list',
  tuple: 'a list',
  set: 'a list',
  file: 'a file',
};

/** zod's own issue as a sentence of the catalogue, about `what` (already in the reader's language). */
function ownSentence(issue: Issue, what: string, locale: MessageLocale): string {
  const say = (template: string, params: MessageParams = {}) => renderMessage(template, { what, ...params }, locale);
  const sized = (i: { origin?: string }) => (i.origin === 'string' ? 'chars' : i.origin === 'array' || i.origin === 'set' ? 'items' : 'value');
  switch (issue.code) {
    case 'invalid_type':
      return say(MUST_BE, { type: TYPE_PHRASES[issue.expected] ?? 'a valid value' });
    case 'too_big': {
      const max = String(issue.maximum);
      const kind = sized(issue);
      if (kind === 'chars') return say(AT_MOST_CHARS, { max });
      if (kind === 'items') return say(AT_MOST_ITEMS, { max });
      return say(issue.inclusive === false ? LESS_THAN : AT_MOST, { max });
    }
    case 'too_small': {
      const min = String(issue.minimum);
      const kind = sized(issue);
      if (kind === 'chars') return say(AT_LEAST_CHARS, { min });
      if (kind === 'items') return say(AT_LEAST_ITEMS, { min });
      return say(issue.inclusive === false ? MORE_THAN : AT_LEAST, { min });
    }
    case 'invalid_value':
      return say(ONE_OF, { values: issue.values.map((v) => JSON.stringify(v)).join(', ') });
    case 'invalid_format':
      return say(FORMAT);
    case 'not_multiple_of':
      return say(MULTIPLE_OF, { divisor: String(issue.divisor) });
    case 'unrecognized_keys':
      return say(UNKNOWN_KEYS, { keys: issue.keys.join(', ') });
    default:
      return say(NOT_VALID);
  }
}

/** One issue's sentence in the reader's language: the contract's message from the catalogue, or ours. */
function sentenceOf(issue: Issue, field: string, root: string | undefined, locale: MessageLocale): string {
  if (isZodsOwn(issue)) {
    const what = field ? renderMessage(WHAT_FIELD, { field }, locale) : renderMessage(root === 'query' ? WHAT_QUERY : WHAT_BODY, undefined, locale);
    return ownSentence(issue, what, locale);
  }
  // A contract's custom issue may carry what varies in `params` ({op} of a filter), like AppError.
  const params = issue.code === 'custom' ? (issue.params as MessageParams | undefined) : undefined;
  return renderMessage(issue.message, params, locale);
}

export interface ZodMessageOptions {
  /** Path in front of every issue's own (a row of an import, a nested part). */
  prefix?: PropertyKey[];
  /** Which part of the request a problem of the whole value is about. */
  root?: 'body' | 'query' | string;
  locale?: MessageLocale;
}

/**
 * A refusal of input as sentences in the reader's language, without raw field keys: each issue's text
 * joined, and the fields they are about, so that a form shows each under its field. A contract message
 * may name its field with a tag (`defaultTenantId: choose the tenant…`) when its issue has no path of
 * its own (a rule over the whole body); the tag is not shown.
 */
export function zodRefusal(error: z.ZodError, { prefix = [], root, locale = 'en-US' }: ZodMessageOptions = {}): { message: string; fields: RefusalField[] } {
  const fields: RefusalField[] = [];
  const sentences = error.issues.map((raw) => {
    const { issue, path } = deepest(raw);
    const field = [...prefix, ...path].map(String).join('.') || messageField(issue.message) || '';
    const sentence = sentenceOf(issue, field, root, locale);
    if (field) fields.push({ field, message: sentence });
    return sentence;
  });
  return { message: [...new Set(sentences)].join(locale === 'zh-CN' ? '；' : '; '), fields };
}

/** The sentences of a refusal of input (zodRefusal's message): for a row of an import or a batch. */
export function zodMessage(error: z.ZodError, options: ZodMessageOptions = {}): string {
  return zodRefusal(error, options).message;
}

/** Messages the contracts wrote in English without a Chinese text (the test app refuses them). */
export function untranslatedIssues(error: z.ZodError): string[] {
  return error.issues
    .map((raw) => deepest(raw).issue)
    .filter((issue) => !hasTranslation(issue.message) && zodEnglish(issue) !== issue.message)
    .map((issue) => issue.message);
}
