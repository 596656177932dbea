import { z } from 'zod';

/** The list filter operators of the spec (section 3). */
export const FILTER_OPERATORS = [
  '=',
  '!=',
  '>',
  '>=',
  '<',
  '<=',
  'like',
  'not_like',
  'like_left',
  'like_right',
  'in',
  'not_in',
  'between',
  'not_between',
  'null',
  'not_null',
  'keyword',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const LIST_OPERATORS_TAKING_ARRAY: readonly FilterOperator[] = ['in', 'not_in', 'between', 'not_between'];
export const LIST_OPERATORS_WITHOUT_VALUE: readonly FilterOperator[] = ['null', 'not_null'];

export type FilterValue = string | number | boolean;
/** `[field, operator, value]`; `keyword` has no field: `['keyword', text]` or `['', 'keyword', text]`. */
export type FilterTriple = [field: string, op: FilterOperator, value?: FilterValue | FilterValue[]] | ['keyword', string];

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/**
 * Lists count matching rows up to this many; past it a list answers `totalExact: false` and a lower
 * bound ("more than 10,000"): an exact count of a million rows costs seconds, a capped one milliseconds.
 */
export const LIST_TOTAL_CAP = 10_000;

/** Filter text: PostgreSQL text cannot hold NUL, so a value carrying one is refused here, not by the database. */
const filterText = z.string().refine((v) => !v.includes('\u0000'), 'Filter values cannot contain the NUL character (\\u0000)');
const scalar = z.union([filterText, z.number(), z.boolean()]);
/** Fixed text (a message is a catalogue key, see @uc/contracts/messages): the operators never change at run time. */
export const UNKNOWN_OPERATOR = `Unknown filter operator: use one of ${FILTER_OPERATORS.join(' ')}`;
const operatorSchema = z.enum(FILTER_OPERATORS, {
  error: UNKNOWN_OPERATOR,
});

/** One filter triple, validated for shape; field allow-lists are checked per resource by the server. */
export const filterTripleSchema = z
  .union([
    z.tuple([z.literal('keyword'), filterText]),
    z.tuple([z.string(), operatorSchema]),
    z.tuple([z.string(), operatorSchema, z.union([scalar, z.array(scalar)])]),
  ])
  .transform((t): { field: string; op: FilterOperator; value?: FilterValue | FilterValue[] } => {
    if (t.length === 2 && t[0] === 'keyword' && typeof t[1] === 'string' && !FILTER_OPERATORS.includes(t[1] as FilterOperator)) {
      return { field: '', op: 'keyword', value: t[1] };
    }
    return { field: t[0], op: t[1] as FilterOperator, value: t[2] as FilterValue | FilterValue[] | undefined };
  })
  .superRefine((f, ctx) => {
    const many = LIST_OPERATORS_TAKING_ARRAY.includes(f.op);
    const none = LIST_OPERATORS_WITHOUT_VALUE.includes(f.op);
    if (none && f.value !== undefined) ctx.addIssue({ code: 'custom', message: 'The filter operator {op} takes no value', params: { op: f.op } });
    if (!none && f.value === undefined) ctx.addIssue({ code: 'custom', message: 'The filter operator {op} needs a value', params: { op: f.op } });
    if (many && !Array.isArray(f.value)) ctx.addIssue({ code: 'custom', message: 'The filter operator {op} needs an array value', params: { op: f.op } });
    if (!many && Array.isArray(f.value))
      ctx.addIssue({ code: 'custom', message: 'The filter operator {op} takes a single value, not an array', params: { op: f.op } });
    if ((f.op === 'between' || f.op === 'not_between') && Array.isArray(f.value) && f.value.length !== 2)
      ctx.addIssue({ code: 'custom', message: 'The filter operator {op} needs exactly two values', params: { op: f.op } });
    if ((f.op === 'in' || f.op === 'not_in') && Array.isArray(f.value) && (f.value.length === 0 || f.value.length > 500))
      ctx.addIssue({ code: 'custom', message: 'The filter operator {op} needs 1 to 500 values', params: { op: f.op } });
  });
export type ParsedFilter = z.output<typeof filterTripleSchema>;

/** `filter` travels as a JSON array of triples in one query parameter. */
export const filterParamSchema = z
  .string()
  .max(8000, 'The filter must be at most 8000 characters')
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'The filter must be a JSON array of [field, operator, value] triples' });
      return z.NEVER;
    }
  })
  .pipe(z.array(filterTripleSchema).max(20, 'The filter may hold at most 20 conditions'));

/** `sort` is `field` or `-field`, comma-separated. */
export const sortParamSchema = z
  .string()
  .max(200)
  .regex(/^-?[A-Za-z_][A-Za-z0-9_]*(,-?[A-Za-z_][A-Za-z0-9_]*)*$/, 'Sorting must name a field, or -field for descending order, several separated by commas')
  .transform((s) => s.split(',').map((part) => (part.startsWith('-') ? { field: part.slice(1), desc: true } : { field: part, desc: false })));
export type ParsedSort = z.output<typeof sortParamSchema>;

export const listQuerySchema = z.object({
  page: z.coerce.number().int('The page number must be a whole number').min(1, 'The page number must be at least 1').max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int('The page size must be a whole number')
    .min(1, 'The page size must be at least 1')
    .max(MAX_PAGE_SIZE, `The page size must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
  sort: sortParamSchema.optional(),
  filter: filterParamSchema.optional(),
  /**
   * Keyset paging: the `next` cursor of the previous page. The page then starts right after that
   * row in the same sort (no offset to skip, so deep pages cost what page 1 costs); `page` is ignored.
   */
  after: z
    .string()
    .max(8000, 'The page cursor must be at most 8000 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'The page cursor must be the next cursor a previous page gave')
    .optional(),
});
export type ListQueryInput = z.input<typeof listQuerySchema>;
export type ListQuery = z.output<typeof listQuerySchema>;

/** Client helper: the query string values for a list call. */
export function listParams(q: { page?: number; pageSize?: number; sort?: string; filter?: FilterTriple[]; after?: string }): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (q.page) out.page = q.page;
  if (q.pageSize) out.pageSize = q.pageSize;
  if (q.sort) out.sort = q.sort;
  if (q.filter && q.filter.length > 0) out.filter = JSON.stringify(q.filter);
  if (q.after) out.after = q.after;
  return out;
}
